export { SmcPanel } from './smc-panel.tsx';
export { LogEvidenceActions } from './log-evidence-actions.tsx';
