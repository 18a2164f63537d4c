export { LogEvidenceActions } from './log-evidence-actions.tsx';
export { RecordedEntries } from './recorded-entries.tsx';
export { SmcPanel } from './smc-panel.tsx';
