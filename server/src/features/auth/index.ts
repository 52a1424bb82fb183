/** What other features may use of auth (ARCHITECTURE.md: a feature imports another only through its index). */
export { verificationLinkMail } from './account-mails.js';
export { consumeAccountToken, issueAccountToken, peekAccountToken, voidAccountTokens } from './account-tokens.repository.js';
