/** What other features may use of orders (ARCHITECTURE.md: a feature imports another only through its index). */
export { orderFormsAt, seatOnMenu } from './menu-ordering.js';
