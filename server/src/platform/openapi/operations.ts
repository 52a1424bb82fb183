import type { OperationDocs } from './operation.js';
import { adminOperations } from './operations-admin.js';
import { ownerOperations } from './operations-owner.js';
import { publicOperations } from './operations-public.js';

/** Every route's description, keyed `METHOD /path/{param}` (OpenAPI path form). */
export const OPERATIONS: OperationDocs = { ...publicOperations, ...ownerOperations, ...adminOperations };
