/** What other features may use of admin (ARCHITECTURE.md: a feature imports another only through its index). */
export { contains, inOrder, listWindow, ordered, searchTerms } from './admin-list.js';
