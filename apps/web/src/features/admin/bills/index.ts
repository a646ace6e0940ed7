export { BillPage } from './BillPage';
export { ReceiptPage } from './ReceiptPage';
