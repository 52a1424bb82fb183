// Worker thread entry (platform/workers/pool.ts): the price list's PDF, off the menus' event loop.
import { serveTasks } from '../../platform/workers/serve.js';
import { renderPriceList } from './price-list-pdf.js';

serveTasks({ renderPriceList });
