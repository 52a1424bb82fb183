/** What other features may use of branches (ARCHITECTURE.md: a feature imports another only through its index). */
export { branchSlugTaken, findBranchBySlug, staffBranchesOf } from './branches.repository.js';
export { branchOverrides } from './branch-menu.js';
export type { Branch } from '../../platform/db/schema-branches.js';
export { adminBranches } from './branch-writes.js';
export { branchParam, branchTitle } from './branch-param.js';
export { listBranches } from './branches.repository.js';
export { accountsWithBranchMatching, branchesOfAccounts, hasBranchMatching } from './branch-admin.js';
export { branchViews, type BranchViews } from './branch-views.js';
export { branchNo, branchScope, branchesInScope, inScope, storedBranch, tableLabel, tableLabels } from './branch-scope.js';
export type { BranchScope } from './branch-scope.js';
