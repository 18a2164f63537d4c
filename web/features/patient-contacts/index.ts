export { ContactForm } from './contact-form.tsx';
export { SmcPanel } from './smc-panel.tsx';
