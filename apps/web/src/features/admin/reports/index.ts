export { ReportsPage } from './ReportsPage';
export { ZReportPage } from './ZReportPage';
