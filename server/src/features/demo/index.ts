/** What other features may use of demo (ARCHITECTURE.md: a feature imports another only through its index). */
export { seedDemo } from './seed.js';
