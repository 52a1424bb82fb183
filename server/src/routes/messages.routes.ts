import type { FastifyPluginAsync } from 'fastify';

/** Routes of this resource: filled in by its issue. */
const routes: FastifyPluginAsync = async (_app) => {};
export default routes;
