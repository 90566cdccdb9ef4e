import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from './config/env.js';
import type { Database } from './db/database.js';
import type { PasswordHasher } from './modules/auth/auth.js';
import type { MailTransport } from './modules/mail/mail.transport.js';
import type { PaymentProvider } from './modules/payments/payment-provider.js';
import { buildAccounts } from './composition/accounts.js';
import { buildFulfilment, buildReturns } from './composition/after-the-order.js';
import { buildCatalogue, buildCatalogueAdmin } from './composition/catalogue.js';
import { buildContentAndReports } from './composition/content-and-reports.js';
import { buildIntegrations } from './composition/integrations.js';
import { buildOrders, buildOrderSteps } from './composition/orders.js';
import { buildPlatform } from './composition/platform.js';

export interface ServicesOptions {
  config: AppConfig;
  database: Database;
  log: FastifyBaseLogger;
  /** `orders_placed_total` (plugins/metrics.ts). */
  ordersPlaced: { inc(): void };
  mailTransport?: MailTransport;
  paymentProvider?: PaymentProvider;
  rateLimitsEnabled: boolean;
  /** Requests per minute one API key may make (issue 19; default in api-keys.service.ts). */
  apiKeyRatePerMinute?: number;
  passwordHasher?: PasswordHasher;
}

/**
 * The composition root (ADR 0012): every repository and service is built here, once, from the
 * database and the config, and handed to the route plugins, which only translate HTTP. Modules
 * that need each other get the other's service (never its repository); the two pairs that need
 * each other both ways (orders ↔ payments for refunds, users ↔ profiles for removal) are closed
 * with a function that reads the later service when called (never during construction), so
 * neither module imports the other.
 *
 * Each area is built by one function in composition/, called in the order below with what it needs.
 * A part that needs one built after it (companies: the orders' credit sum; shipments: the readable
 * order; the products' admin: documents) is handed a function here that reads it when called.
 */
export function buildServices({
  config,
  database,
  log,
  ordersPlaced,
  mailTransport,
  paymentProvider,
  rateLimitsEnabled,
  apiKeyRatePerMinute,
  passwordHasher,
}: ServicesOptions) {
  const { db, engine } = database;
  const base = { config, db, engine, log };

  const { commits, transport, loopPressure, settings, sellerLines, mailer, outbox, webhooks, units, rateLimiter, sessions, catalogueCache } = buildPlatform({
    ...base,
    ordersPlaced,
    mailTransport,
    rateLimitsEnabled,
  });
  const { productsRepo, products, categories } = buildCatalogue({ ...base, catalogueCache });
  const { users, profiles, auth, companies, cart, lists, removeAccount } = buildAccounts({
    ...base,
    passwordHasher,
    commits,
    units,
    mailer,
    rateLimiter,
    sessions,
    catalogueCache,
    products,
    creditUsedCents: (companyId) => orders.creditUsedCents(companyId),
  });
  const placing = buildOrderSteps({ ...base, units, settings, companies, profiles, products });
  const { tax, shippingMethods, orderSteps, allocateBackordersIn } = placing;
  const { warehouses, stock, invoiceRenderer, shipments, shipping, stockTake } = buildFulfilment({
    ...base,
    units,
    catalogueCache,
    products,
    shippingSteps: orderSteps.shipping,
    allocateBackordersIn,
    sellerLines,
    readableOrder: (orderId, user) => orders.readable(orderId, user),
  });
  const { orders, purchase, changeShipTo, checkout, provider, payments, quotes, acceptQuote } = buildOrders({
    ...base,
    ...placing,
    paymentProvider,
    units,
    settings,
    sellerLines,
    users,
    profiles,
    companies,
    products,
    cart,
    invoiceRenderer,
    shipping,
  });
  const { productsAdmin, productImport, productExport } = buildCatalogueAdmin({
    db,
    productsRepo,
    catalogueCache,
    categories,
    units,
    allocateBackordersIn,
    hasOrders: orders.hasOrdersForProduct,
    // Issue 33: a deleted product's documents go with it (read when called: documents are built below).
    afterDelete: (productId) => documents.removeAllOf(productId),
  });
  const { returns, returnFlows } = buildReturns({
    ...base,
    units,
    returnSteps: orderSteps.returns,
    allocateBackordersIn,
    sellerLines,
    companies,
    users,
    products,
    orders,
    stock,
    warehouses,
    shipments,
    invoiceRenderer,
    paymentsRepo: placing.paymentsRepo,
    payments,
  });
  const { apiKeys, punchout, punchoutGateway, punchoutHost, sweepPunchout } = buildIntegrations({
    ...base,
    apiKeyRatePerMinute,
    units,
    rateLimiter,
    auth,
    users,
    companies,
    products,
    cart,
    orders,
  });
  const { reviews, storage, uploads, documents, adminReports, health, sitePages } = buildContentAndReports({
    ...base,
    rateLimiter,
    catalogueCache,
    users,
    companies,
    products,
    orders,
    quotes,
    returns,
  });

  return {
    config,
    mailer,
    outbox,
    units,
    mailTransport: transport,
    rateLimiter,
    sessions,
    catalogueCache,
    users,
    removeAccount,
    profiles,
    auth,
    products,
    productsAdmin,
    productImport,
    productExport,
    stock,
    stockTake,
    warehouses,
    tax,
    shippingMethods,
    shipments,
    shipping,
    returns,
    returnFlows,
    apiKeys,
    webhooks,
    loopPressure,
    categories,
    orders,
    purchase,
    changeShipTo,
    cart,
    lists,
    checkout,
    quotes,
    acceptQuote,
    companies,
    payments,
    paymentProvider: provider,
    invoiceRenderer,
    reviews,
    storage,
    uploads,
    documents,
    adminReports,
    health,
    sitePages,
    settings,
    punchout,
    punchoutGateway,
    punchoutHost,
    sweepPunchout,
  };
}

export type Services = ReturnType<typeof buildServices>;
