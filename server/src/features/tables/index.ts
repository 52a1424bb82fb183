/** What other features may use of tables (ARCHITECTURE.md: a feature imports another only through its index). */
export { countAllFeedback } from './feedback.repository.js';
export { withMasa } from './table-chrome.js';
export { masaKey, masaQuery, tableAt } from './table-query.js';
export { drawQr } from './table-cards.js';
export { streamLive } from './waiter-stream.js';
export { DEVICE_COOKIE, deviceOf, dinerOf, withinLimits, LIMIT_WINDOW } from './diner-limits.js';
export type { Diner, DinerLimits } from './diner-limits.js';
export { findDinerBusiness, tableOf } from './diner-business.js';
export type { DinerBusiness } from './diner-business.js';
export { FORM_CSS, TABLE_CSS } from './table-chrome.js';
export { renderNotice } from './table-pages.js';
