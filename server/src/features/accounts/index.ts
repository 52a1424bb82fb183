/** What other features may use of accounts (ARCHITECTURE.md: a feature imports another only through its index). */
export { accountStatus, createAccount, findUserByEmail, findUserById, updateAccountNameEmail, updateUserPassword } from './accounts.repository.js';
export { eraseOwner } from './erasure.js';
export { findOwnerAccount } from './owner-account.repository.js';
