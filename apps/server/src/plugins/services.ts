import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { startBackgroundJobs } from '../background-jobs.js';
import { buildServices, type Services, type ServicesOptions } from '../services.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every service, built once by the composition root (services.ts). */
    services: Services;
  }
}

/** Builds the services (services.ts) on the app's database, starts their timers and stops them with the app. */
export default fp<Omit<ServicesOptions, 'database' | 'log' | 'ordersPlaced'>>(
  async function servicesPlugin(app: FastifyInstance, opts) {
    const services = buildServices({ ...opts, database: app.database, log: app.log, ordersPlaced: app.metrics.ordersPlaced });
    app.decorate('services', services);
    const stop = startBackgroundJobs(services, app.log);
    app.addHook('onReady', async () => services.outbox.deliverSoon());
    app.addHook('onClose', stop);
  },
  { name: 'services', dependencies: ['database', 'metrics'] },
);
