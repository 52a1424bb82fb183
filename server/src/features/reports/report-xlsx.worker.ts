// Worker thread entry (platform/workers/pool.ts): the report's XLSX, off the menus' event loop.
import { serveTasks } from '../../platform/workers/serve.js';
import { writeReportXlsx } from './report-xlsx.js';

serveTasks({ writeReportXlsx });
