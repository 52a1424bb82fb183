/** What other features may use of messages (ARCHITECTURE.md: a feature imports another only through its index). */
export { findMessage, markAnswered } from './message-reply.repository.js';
export { unreadMessageCount } from './messages.repository.js';
