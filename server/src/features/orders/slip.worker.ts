// Worker thread entry (platform/workers/pool.ts): the bill's slip PDF, off the menus' event loop.
import { serveTasks } from '../../platform/workers/serve.js';
import { renderSlipPdf } from './slip-pdf.js';

serveTasks({ renderSlipPdf });
