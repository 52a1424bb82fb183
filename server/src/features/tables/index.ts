/** What other features may use of tables (ARCHITECTURE.md: a feature imports another only through its index). */
export { countAllFeedback } from './feedback.repository.js';
export { withMasa } from './table-chrome.js';
export { masaKey, masaQuery, tablePage } from './table-query.js';
export { drawQr } from './table-cards.js';
