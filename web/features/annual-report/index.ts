export { AnnualReportTab } from './annual-report-tab.tsx';
