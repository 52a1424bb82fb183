// Worker thread entry (platform/workers/pool.ts): the table cards' PDF, off the menus' event loop.
import { serveTasks } from '../../platform/workers/serve.js';
import { renderTableCards } from './table-cards.js';

serveTasks({ renderTableCards });
