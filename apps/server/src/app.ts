import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance, type FastifyServerOptions, type RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { isClientRoute, isServerPath } from '@bulkparts/shared/routes';
import type { AppConfig } from './config/env.js';
import { fastifyTrustProxy } from './config/trust-proxy.js';
import { validatorCompiler } from './lib/validate.js';
import { createDatabase, type Database } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { seedDemoData } from './db/seed/seed.js';
import type { MailTransport } from './modules/mail/mail.transport.js';
import adminReportsRoutes from './modules/admin-reports/admin-reports.routes.js';
import apiKeysRoutes from './modules/api-keys/api-keys.routes.js';
import webhooksRoutes from './modules/webhooks/webhooks.routes.js';
import type { AuthRateRules } from './modules/auth/auth-limits.js';
import type { PasswordHasher } from './modules/auth/auth.js';
import authRoutes from './modules/auth/auth.routes.js';
import categoriesRoutes from './modules/categories/categories.routes.js';
import cartRoutes from './modules/cart/cart.routes.js';
import listsRoutes from './modules/lists/lists.routes.js';
import documentsRoutes from './modules/documents/documents.routes.js';
import sitePagesRoutes from './modules/site-pages/site-pages.routes.js';
import settingsRoutes from './modules/settings/settings.routes.js';
import checkoutRoutes from './modules/orders/checkout.routes.js';
import healthRoutes from './modules/health/health.routes.js';
import ordersRoutes from './modules/orders/orders.routes.js';
import type { PaymentProvider } from './modules/payments/payment-provider.js';
import paymentsRoutes from './modules/payments/payments.routes.js';
import productCsvRoutes from './modules/products/product-csv.routes.js';
import productsRoutes from './modules/products/products.routes.js';
import stockRoutes from './modules/products/stock.routes.js';
import warehousesRoutes from './modules/warehouses/warehouses.routes.js';
import taxRoutes from './modules/tax/tax.routes.js';
import shippingRoutes from './modules/shipping/shipping.routes.js';
import shipmentsRoutes from './modules/shipments/shipments.routes.js';
import returnsRoutes from './modules/returns/returns.routes.js';
import profilesRoutes from './modules/profiles/profiles.routes.js';
import quotesRoutes from './modules/quotes/quotes.routes.js';
import companiesRoutes from './modules/companies/companies.routes.js';
import reviewsRoutes from './modules/reviews/reviews.routes.js';
import uploadsPlugin from './modules/uploads/uploads.routes.js';
import usersRoutes from './modules/users/users.routes.js';
import apiKeyAuth from './plugins/api-key-auth.js';
import authPlugin from './plugins/auth.js';
import databasePlugin from './plugins/database.js';
import errorHandler from './plugins/error-handler.js';
import metricsPlugin from './plugins/metrics.js';
import openapiPlugin from './plugins/openapi.js';
import { OneLineLogController, withRedaction } from './plugins/request-log.js';
import responseCache from './plugins/response-cache.js';
import originCheck from './plugins/origin-check.js';
import securityHeaders from './plugins/security-headers.js';
import servicesPlugin from './plugins/services.js';
import webApp from './plugins/web-app.js';
import punchoutRoutes from './modules/punchout/punchout.routes.js';
import punchoutGatewayRoutes from './modules/punchout/punchout-gateway.routes.js';

export interface BuildAppOptions {
  config: AppConfig;
  /** Reuse an open database (tests); otherwise one is opened from the config and closed with the app. */
  database?: Database;
  /** Seed the demo catalogue into an empty database (default true). */
  seed?: boolean;
  mailTransport?: MailTransport;
  logger?: FastifyServerOptions['logger'];
  /** Called for every route as it is added (tests read the route table with it). */
  onRoute?: (route: RouteOptions) => void;
  /** Abuse limits (database counters): on by default except when NODE_ENV=test; rules override the defaults. */
  rateLimits?: { enabled?: boolean; rules?: Partial<AuthRateRules>; apiKeyPerMinute?: number };
  /** Replaces the payment provider chosen from the config (tests). */
  paymentProvider?: PaymentProvider;
  /** Replaces better-auth's password hashing (tests: a cheap scrypt, ADR 0024). */
  passwordHasher?: PasswordHasher;
}

const defaultWebDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

/** Builds the whole application as a Fastify instance. `server.ts` only listens and shuts down. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    // Secrets in URLs (`?api_key=…`, `bp_…`) are redacted wherever a request is logged (issue 28).
    logger: withRedaction(options.logger, config.logLevel),
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{1,64}$/.test(incoming) ? incoming : randomUUID();
    },
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: 1024 * 1024,
    routerOptions: { maxParamLength: 500 },
    // One line per request instead of Fastify's two (plugins/request-log.ts, ADR 0005).
    logController: new OneLineLogController(),
  });
  // Route schemas are the shared zod schemas (lib/validate.ts, ADR 0011). Responses keep Fastify's
  // default serializer: fast-json-stringify over JSON schemas generated from zod (lib/zod-json-schema.ts).
  app.setValidatorCompiler(validatorCompiler);
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  // A callback hook, not an async one: no promise per request on the hot path.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });

  const database = options.database ?? createDatabase(config);
  await migrateToLatest(database);
  if (options.seed ?? true) await seedDemoData(database);

  // Plugins that need another one name it in `dependencies` (fastify-plugin): a wrong order fails at start-up.
  await app.register(databasePlugin, { database, ownsDatabase: !options.database });
  await app.register(errorHandler);
  // Before every route: the OpenAPI document collects routes as they are added (ADR 0019).
  await app.register(openapiPlugin);
  await app.register(metricsPlugin, { token: config.metricsToken, loopbackWithoutToken: !config.isProduction });
  // The composition root (services.ts): every repository and service, built once.
  await app.register(servicesPlugin, {
    config,
    rateLimitsEnabled: options.rateLimits?.enabled ?? config.env !== 'test',
    ...(options.rateLimits?.apiKeyPerMinute !== undefined ? { apiKeyRatePerMinute: options.rateLimits.apiKeyPerMinute } : {}),
    ...(options.mailTransport ? { mailTransport: options.mailTransport } : {}),
    ...(options.paymentProvider ? { paymentProvider: options.paymentProvider } : {}),
    ...(options.passwordHasher ? { passwordHasher: options.passwordHasher } : {}),
  });
  await app.register(securityHeaders, { hsts: config.secureCookies });
  await app.register(originCheck, { publicUrl: config.publicUrl, allowLoopbackOrigins: config.env === 'development' });
  // API keys (issue 19): before the catalogue cache answers, so a key's scope is checked first.
  await app.register(apiKeyAuth);
  await app.register(responseCache);
  await app.register(authPlugin, { config, rateRules: options.rateLimits?.rules });
  await app.register(uploadsPlugin);

  const s = app.services;
  // Route plugins only translate HTTP: they get their services here.
  const apiRoutes = fp(
    async (api: FastifyInstance) => {
      await api.register(healthRoutes, { health: s.health });
      await api.register(authRoutes, { google: Boolean(config.google), contact: () => s.settings.publicSeller() });
      await api.register(productsRoutes, { products: s.products, admin: s.productsAdmin, companies: s.companies, documents: s.documents });
      await api.register(documentsRoutes, { documents: s.documents });
      await api.register(productCsvRoutes, { importer: s.productImport, exporter: s.productExport });
      await api.register(stockRoutes, { stockTake: s.stockTake, stock: s.stock });
      await api.register(warehousesRoutes, { warehouses: s.warehouses });
      await api.register(taxRoutes, { tax: s.tax, companyOf: async (userId) => (await s.companies.membershipOf(userId))?.companyId ?? null });
      await api.register(shippingRoutes, { shipping: s.shippingMethods, cart: s.cart, products: s.products });
      await api.register(shipmentsRoutes, { shipments: s.shipments, ship: s.shipping.ship, deliver: s.shipping.deliverShipment });
      await api.register(returnsRoutes, { returns: s.returns, flows: s.returnFlows });
      await api.register(apiKeysRoutes, { apiKeys: s.apiKeys });
      await api.register(webhooksRoutes, { webhooks: s.webhooks });
      await api.register(categoriesRoutes, { categories: s.categories });
      await api.register(usersRoutes, { users: s.users, removeAccount: s.removeAccount });
      await api.register(profilesRoutes, { profiles: s.profiles, uploads: s.uploads });
      await api.register(adminReportsRoutes, { adminReports: s.adminReports });
      await api.register(reviewsRoutes, { reviews: s.reviews });
      await api.register(sitePagesRoutes, { pages: s.sitePages });
      await api.register(settingsRoutes, { settings: s.settings });
      await api.register(ordersRoutes, {
        orders: s.orders,
        purchase: s.purchase,
        changeShipTo: s.changeShipTo,
        rateLimiter: s.rateLimiter,
        rules: config.orders,
      });
      await api.register(cartRoutes, { cart: s.cart });
      await api.register(listsRoutes, { lists: s.lists });
      await api.register(checkoutRoutes, { checkout: s.checkout, rateLimiter: s.rateLimiter, rules: config.orders });
      await api.register(paymentsRoutes, { payments: s.payments, provider: s.paymentProvider });
      await api.register(quotesRoutes, { quotes: s.quotes, acceptQuote: s.acceptQuote, rateLimiter: s.rateLimiter, rules: config.orders });
      await api.register(companiesRoutes, { companies: s.companies, rateLimiter: s.rateLimiter });
      await api.register(punchoutRoutes, { punchout: s.punchout });
    },
    { name: 'api-routes', encapsulate: true, dependencies: ['auth', 'response-cache', 'uploads', 'error-handler'] },
  );
  await app.register(apiRoutes, { prefix: '/api' });
  // Issue 32: punchout's cXML, OCI, start links and return page, outside /api (their own parsers and error pages).
  await app.register(
    fp(
      async (gateway: FastifyInstance) => {
        await gateway.register(punchoutGatewayRoutes, { gateway: s.punchoutGateway, punchout: s.punchout, host: s.punchoutHost });
      },
      { name: 'punchout-routes', encapsulate: true, dependencies: ['auth', 'error-handler'] },
    ),
  );

  const webRoot = config.webDist ?? defaultWebDist;
  const serveWeb = config.serveWeb === 'true' || (config.serveWeb === 'auto' && existsSync(path.join(webRoot, 'index.html')));
  if (serveWeb) await app.register(webApp, { root: webRoot });

  app.setNotFoundHandler((request, reply) => {
    // The API, uploads and punchout (issue 32) answer their own 404; every other GET is the web app's.
    const isApi = isServerPath(request.url.split('?')[0] ?? '/');
    if (!isApi && serveWeb && (request.method === 'GET' || request.method === 'HEAD')) {
      // The app draws its own 404 page; the status says so too for paths that are no page of it.
      const status = isClientRoute(request.url.split('?')[0] ?? '/') ? 200 : 404;
      return reply.status(status).header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send({ error: 'NOT_FOUND', message: `No route for ${request.method} ${request.url.split('?')[0]}` });
  });

  return app;
}
