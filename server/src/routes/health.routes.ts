import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';

/** Liveness + database reachability, for load balancers. */
const healthRoutes: FastifyPluginAsync = async (app) => {
  app.get('/api/health', async () => {
    await sql`select 1`.execute(app.db);
    return { status: 200, message: 'OK' };
  });
};
export default healthRoutes;
