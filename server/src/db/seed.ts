import type { Config } from '../config.js';
import type { DB } from './database.js';

/**
 * Seeds the demo business (`/qr/demo`) on an empty database. Filled in by the public-menu issue;
 * the demo owner signs in as demo@qrmenu.app / demo1234.
 */
export async function seedDemo(_db: DB, _config: Config): Promise<void> {}
