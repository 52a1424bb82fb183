import type { Config } from '../config.js';
import { LocalStore } from './local.js';
import { S3Store } from './s3.js';
import type { FileStore } from './store.js';

export type { FileStore, StoredObject, ListedObject } from './store.js';
export { readWhole, UPLOAD_KEY } from './store.js';
export { LocalStore } from './local.js';
export { S3Store, parseStorageUrl, type S3Settings } from './s3.js';

/** The store the configuration names: a bucket with STORAGE_URL, otherwise DATA_DIR/uploads. */
export function createStore(config: Pick<Config, 'dataDir' | 'storage'>): FileStore {
  return config.storage ? new S3Store(config.storage) : new LocalStore(config.dataDir);
}
