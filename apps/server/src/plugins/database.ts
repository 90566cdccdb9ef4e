import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/database.js';

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
  }
}

/** Makes the database available to modules and closes it when the app closes. */
export default fp<{ database: Database; ownsDatabase: boolean }>(
  async function databasePlugin(app: FastifyInstance, opts) {
    app.decorate('database', opts.database);
    if (opts.ownsDatabase) app.addHook('onClose', async () => opts.database.close());
  },
  { name: 'database' },
);
