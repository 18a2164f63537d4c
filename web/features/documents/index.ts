/** The Documents screen, also shown as a tab of Data Management. */
export { DocumentsPage } from './documents-page.tsx';
