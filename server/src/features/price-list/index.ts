/** What other features may use of price-list (ARCHITECTURE.md: a feature imports another only through its index). */
export { priceListCheck } from './price-list.js';
export { flushVersionSyncs } from './versions.js';
