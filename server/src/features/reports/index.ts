/** What other features may use of reports (ARCHITECTURE.md: a feature imports another only through its index). */
export { platformOrders } from './orders-report.js';
