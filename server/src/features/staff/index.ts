/** What other features may use of staff (ARCHITECTURE.md: a feature imports another only through its index). */
export { logActivity, logRequestActivity, actorRole } from './staff-activity.js';
