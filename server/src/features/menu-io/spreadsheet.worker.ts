// Worker thread entry (platform/workers/pool.ts): exceljs parsing and writing, and an import's plan, off the menus' event loop.
import { serveTasks } from '../../platform/workers/serve.js';
import { buildPlan } from './import-plan.js';
import { readSheet, writeXlsx } from './spreadsheet.js';

// the file arrives as a Uint8Array (structured clone): read it as the Buffer it was
serveTasks({ readSheet: (file: Uint8Array) => readSheet(Buffer.from(file.buffer, file.byteOffset, file.byteLength)), writeXlsx, buildPlan });
