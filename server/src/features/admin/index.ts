/** What other features may use of admin (ARCHITECTURE.md: a feature imports another only through its index). */
export { contains, searchTerms } from './admin-list.js';
export { keysetPage, type SortKey } from './admin-list-keyset.js';
