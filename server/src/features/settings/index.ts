/** What other features may use of settings (ARCHITECTURE.md: a feature imports another only through its index). */
export { DEMO_EMAIL, findSettings } from './settings.repository.js';
export { presentSettings } from './presenters.js';
