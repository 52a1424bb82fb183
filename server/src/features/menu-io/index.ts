/** What other features may use of menu-io (ARCHITECTURE.md: a feature imports another only through its index). */
export { listPriceHistories, recordPriceChanges } from './price-history.repository.js';
export { escapeFormula } from './sheet-types.js';
export { parseCsv } from './spreadsheet.js';
