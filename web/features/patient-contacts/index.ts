export { ContactForm } from './contact-form.tsx';
export { SmcPanel } from './smc-panel.tsx';
export { LogEvidenceActions } from './log-evidence-actions.tsx';
