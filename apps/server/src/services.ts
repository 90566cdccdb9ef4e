import { sellerDocumentLines, sellerFooterLines } from '@bulkparts/shared';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from './config/env.js';
import type { Database } from './db/database.js';
import { createAdminReportsService } from './modules/admin-reports/admin-reports.service.js';
import { createApiKeysRepository } from './modules/api-keys/api-keys.repository.js';
import { createApiKeysService } from './modules/api-keys/api-keys.service.js';
import { createAuth, type PasswordHasher } from './modules/auth/auth.js';
import { createSessionCache } from './modules/auth/session-cache.js';
import { createCategoriesRepository } from './modules/categories/categories.repository.js';
import { createCategoriesService } from './modules/categories/categories.service.js';
import { createHealthRepository } from './modules/health/health.repository.js';
import { createMailRepository } from './modules/mail/mail.repository.js';
import { createMailDelivery } from './modules/mail/mail-delivery.js';
import { createMailService } from './modules/mail/mail.service.js';
import { fileTransport, smtpTransport, type MailTransport } from './modules/mail/mail.transport.js';
import { createCartRepository } from './modules/cart/cart.repository.js';
import { createCartService } from './modules/cart/cart.service.js';
import { createCompaniesRepository } from './modules/companies/companies.repository.js';
import { createCompaniesService } from './modules/companies/companies.service.js';
import { createCompanyAddressesRepository, createCompanyPricesRepository } from './modules/companies/company-addresses.repository.js';
import { createInvitationsRepository } from './modules/companies/company-invitations.repository.js';
import { createOrderMail } from './modules/orders/order-mail.js';
import { createCompanyOrdersRepository } from './modules/orders/company-orders.repository.js';
import { createEventsRepository } from './modules/events/events.repository.js';
import { createOrderPayments } from './modules/orders/order-payments.js';
import { createOrderPaymentsRepository } from './modules/orders/order-payments.repository.js';
import { createOrderReportsRepository } from './modules/orders/order-reports.repository.js';
import { createOrderReportsService } from './modules/orders/order-reports.service.js';
import { createOrdersRepository } from './modules/orders/orders.repository.js';
import { createOrdersService } from './modules/orders/orders.service.js';
import { createInvoiceRenderer } from './modules/payments/invoice-renderer.js';
import type { PaymentProvider } from './modules/payments/payment-provider.js';
import { createPaymentsRepository } from './modules/payments/payments.repository.js';
import { createPaymentsService } from './modules/payments/payments.service.js';
import { createStripeProvider } from './modules/payments/stripe.provider.js';
import { createTestCardProvider } from './modules/payments/test-card.provider.js';
import { createCatalogueCache } from './modules/products/catalogue-cache.js';
import { createCatalogueReader } from './modules/products/catalogue-reader-pool.js';
import { createCatalogueSearchRepository } from './modules/products/catalogue-search.repository.js';
import { createCatalogueSearch } from './modules/products/catalogue-search.service.js';
import { createProductsAdminService } from './modules/products/product-admin.service.js';
import { createProductExportService } from './modules/products/product-export.service.js';
import { createProductImportRepository } from './modules/products/product-import.repository.js';
import { createProductImportService } from './modules/products/product-import.service.js';
import { createProductsRepository } from './modules/products/products.repository.js';
import { createProductsService } from './modules/products/products.service.js';
import { createStockRepository } from './modules/products/stock.repository.js';
import { createStockService } from './modules/products/stock.service.js';
import { createWarehousesRepository } from './modules/warehouses/warehouses.repository.js';
import { createWarehousesService } from './modules/warehouses/warehouses.service.js';
import { createShippingMethodsRepository } from './modules/shipping/shipping-methods.repository.js';
import { createShippingMethodsService } from './modules/shipping/shipping-methods.service.js';
import { createSetStock } from './flows/set-stock.js';
import { createAllocateBackorders, createAllocateBackordersNow } from './flows/allocate-backorders.js';
import { createShippingFlows } from './flows/ship-order.js';
import { createReturnFlows } from './flows/returns.js';
import { createReturnsRepository } from './modules/returns/returns.repository.js';
import { createReturnsService } from './modules/returns/returns.service.js';
import { createReturnMail } from './modules/returns/return-mail.js';
import { createShipmentsRepository } from './modules/shipments/shipments.repository.js';
import { createShipmentsService } from './modules/shipments/shipments.service.js';
import { createProfilesRepository } from './modules/profiles/profiles.repository.js';
import { createQuotesRepository } from './modules/quotes/quotes.repository.js';
import { createQuotesService } from './modules/quotes/quotes.service.js';
import { createProfilesService } from './modules/profiles/profiles.service.js';
import { createRateLimitRepository } from './modules/rate-limit/rate-limit.repository.js';
import { createRateLimiter } from './modules/rate-limit/rate-limit.service.js';
import { createReviewsRepository } from './modules/reviews/reviews.repository.js';
import { createReviewsService } from './modules/reviews/reviews.service.js';
import { createS3Storage } from './modules/uploads/s3-storage.js';
import { createLocalDiskStorage } from './modules/uploads/storage.js';
import { createUploadsRepository } from './modules/uploads/uploads.repository.js';
import { createUploadsService } from './modules/uploads/uploads.service.js';
import { createUsersRepository } from './modules/users/users.repository.js';
import { createUsersService } from './modules/users/users.service.js';
import { createGroupCommit } from './db/group-commit.js';
import { createUnits } from './db/unit-of-work.js';
import { createAcceptQuote } from './flows/accept-quote.js';
import { createChangeShipTo } from './flows/change-ship-to.js';
import { createCheckoutCart } from './flows/checkout-cart.js';
import { createMoveOrder } from './flows/move-order.js';
import { createPayOrder } from './flows/pay-order.js';
import { createPlaceOrder } from './flows/place-order.js';
import { createPurchaseProduct } from './flows/purchase-product.js';
import { createRemoveAccount } from './flows/remove-account.js';
import { createSweepOrders } from './flows/sweep-orders.js';
import { createOrderSteps } from './modules/orders/order-steps.js';
import type { ShipToBook } from './flows/ship-to-book.js';
import { createPaymentSteps } from './modules/payments/payment-steps.js';
import { createLoopPressure } from './lib/loop-pressure.js';
import { createWebhookSender } from './modules/webhooks/webhook-sender.js';
import { createWebhooksRepository } from './modules/webhooks/webhooks.repository.js';
import { createWebhooksService } from './modules/webhooks/webhooks.service.js';
import { createWebhookDelivery } from './modules/webhooks/webhook-delivery.js';
import { createWebhookSubscriber } from './modules/webhooks/webhook-subscriber.js';
import { createOutboxWorker } from './lib/outbox-worker.js';
import { createQuoteMail } from './modules/quotes/quote-mail.js';
import { createInvitationMail } from './modules/companies/company-mail.js';
import { createListsRepository } from './modules/lists/lists.repository.js';
import { createListsService } from './modules/lists/lists.service.js';
import { createDocumentsRepository } from './modules/documents/documents.repository.js';
import { createDocumentsService } from './modules/documents/documents.service.js';
import { createSitePagesRepository } from './modules/site-pages/site-pages.repository.js';
import { createSitePagesService } from './modules/site-pages/site-pages.service.js';
import { createSettingsRepository } from './modules/settings/settings.repository.js';
import { createSettingsService } from './modules/settings/settings.service.js';
import { createPunchoutSignIn } from './modules/auth/punchout-sign-in.js';
import { punchoutCartId } from './modules/cart/cart-owner.js';
import type { PunchoutGateway } from './modules/punchout/punchout-gateway.js';
import { createPunchoutRepository } from './modules/punchout/punchout.repository.js';
import { createPunchoutService } from './modules/punchout/punchout.service.js';
import { createPunchoutOrder } from './flows/punchout-order.js';
import { createPunchoutReturn } from './flows/punchout-return.js';
import { createPunchoutStart } from './flows/punchout-start.js';
import { createTaxRepository } from './modules/tax/tax.repository.js';
import { createTaxService } from './modules/tax/tax.service.js';
import { createVatChecker } from './modules/tax/vat-checker.js';

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
  // One queue of write units for the one SQLite connection: orders, cart lines and the webhook worker's
  // writes that arrive together share a commit (db/group-commit.ts, ADR 0007, ADR 0022, ADR 0029).
  const commits = createGroupCommit(db, engine);

  const transport =
    mailTransport ??
    (config.smtpUrl ? smtpTransport(config.smtpUrl) : fileTransport(path.join(config.dataDir, 'mail'), log, { logLinks: config.env === 'development' }));
  // Issue 29: one outbox worker delivers the mail and the webhook deliveries the units of work
  // write, off the request path; it gives way to requests while the process is saturated.
  const loopPressure = createLoopPressure();
  // Issue 30: the seller's identity (one row; the environment's values until an admin saves it), read by every document and mail.
  const settings = createSettingsService({ repo: createSettingsRepository(db), defaults: config.seller });
  const sellerLines = async () => sellerDocumentLines(await settings.seller());
  const mailRepo = createMailRepository(db, engine, commits);
  const webhooksRepo = createWebhooksRepository(db, engine, commits);
  const webhookDelivery = createWebhookDelivery({
    repo: webhooksRepo,
    send: createWebhookSender({ allowPrivate: config.webhooks.allowPrivate }),
    log: log.child({ module: 'webhooks' }),
  });
  const outbox = createOutboxWorker({
    channels: [
      createMailDelivery({
        repo: mailRepo,
        transport,
        from: config.mailFrom,
        log,
        perRecipientPerMinute: config.mailPerRecipientPerMinute,
        footer: async () => sellerFooterLines(await settings.seller()),
      }),
      webhookDelivery,
    ],
    log,
    pressure: loopPressure,
  });
  const mailer = createMailService({ repo: mailRepo, log, outbox });
  // Issue 19: outgoing webhooks' endpoints; their deliveries are written in the unit of the change.
  const webhooks = createWebhooksService({ repo: webhooksRepo, delivery: webhookDelivery, outbox, allowPrivate: config.webhooks.allowPrivate });
  // Issue 29: the units of work the flows and services open, on the group commit. What a unit
  // records (lib/domain-events.ts) is written by these subscribers in the same unit: the mails,
  // the webhook deliveries, and the orders metric after the commit. After-commit work that fails is logged.
  const units = createUnits(commits, {
    subscribers: [
      createOrderMail({ mailer, publicUrl: config.publicUrl }),
      createQuoteMail({ mailer, publicUrl: config.publicUrl }),
      createInvitationMail({ mailer, publicUrl: config.publicUrl }),
      createReturnMail({ mailer, publicUrl: config.publicUrl }),
      createWebhookSubscriber(webhooks),
      { 'order.placed': async (uow) => uow.afterCommit(() => ordersPlaced.inc()) },
    ],
    onAfterCommitError: (err) => log.error({ err }, 'after-commit work failed'),
  });
  const rateLimiter = createRateLimiter(createRateLimitRepository(db), { enabled: rateLimitsEnabled });

  // Caches, each cleared by the service that owns the data it holds.
  const sessions = createSessionCache();
  const catalogueCache = createCatalogueCache();

  const users = createUsersService(createUsersRepository(db, engine), { adminEmails: config.adminEmails, sessions });
  const profiles = createProfilesService({ repo: createProfilesRepository(db), users, sessions });
  const auth = createAuth({
    config,
    db,
    engine,
    mailer,
    users,
    sessions,
    log: log.child({ module: 'auth' }),
    rateLimitEnabled: rateLimiter.enabled,
    passwordHasher,
  });

  const productsRepo = createProductsRepository(db);
  // The search widens a category to its descendants with the tree (read when asked, so categories may be built later).
  // On SQLite the catalogue's reads run in worker threads with their own read-only connections, so a
  // heavy search never holds the event loop (ADR 0023); PostgreSQL reads through its pool.
  const catalogueReader = createCatalogueReader(createCatalogueSearchRepository(db, engine), {
    engine,
    file: config.database.engine === 'sqlite' ? config.database.file : undefined,
    threads: config.catalogue.readerThreads,
    log,
  });
  const catalogueSearch = createCatalogueSearch({
    reader: catalogueReader,
    categoryTree: () => categories.tree(),
    budgetMs: config.catalogue.queryBudgetMs,
    cache: catalogueCache,
  });
  const products = createProductsService(productsRepo, catalogueCache, catalogueSearch, catalogueReader);
  // Category counts come from products; GET /api/categories is in the catalogue cache, so its writes clear it too.
  const categories = createCategoriesService({ repo: createCategoriesRepository(db, engine), products, cache: catalogueCache });

  // Companies (issue 18): members' names from users, products for company prices (whose changes clear the
  // catalogue cache), the invitation mail; the credit used is the orders' sum (read when asked).
  const companies = createCompaniesService({
    repos: {
      companies: createCompaniesRepository(db, engine),
      invitations: createInvitationsRepository(db, engine),
      addresses: createCompanyAddressesRepository(db, engine),
      prices: createCompanyPricesRepository(db),
    },
    users,
    products,
    units,
    catalogueCache,
    creditUsedCents: (companyId) => orders.creditUsedCents(companyId),
    // Issue 30: VAT numbers checked when saved and by the background round; admins mailed before a certificate expires.
    vatChecker: createVatChecker(config.tax.vatCheckUrl),
    shopAdminEmails: () => users.adminEmails(),
    mailer,
    publicUrl: config.publicUrl,
  });
  // Issue 30 (ADR 0034): the rates by destination and each order's tax context (who sells: the seller record).
  const tax = createTaxService({
    repo: createTaxRepository(db),
    seller: async () => {
      const s = await settings.seller();
      return { country: s.country, vatNumber: s.taxNumber };
    },
    buyerProfile: (companyId) => companies.taxProfile(companyId),
  });

  const ordersRepo = createOrdersRepository(db, engine);
  const companyOrders = createCompanyOrdersRepository(db, engine);
  // Issue 29: the events log; every order change records its timeline step in its own unit.
  const events = createEventsRepository(db);
  const paymentsRepo = createPaymentsRepository(db);
  // Issue 30: the shop's shipping methods; every order placed is given one (or none fits: no charge).
  // The cut-off is configuration; the seller's clock is the seller record's time zone (ADR 0036).
  const shippingMethods = createShippingMethodsService({
    repo: createShippingMethodsRepository(db),
    dispatchRule: async () => ({ cutoff: config.dispatch.cutoff, timeZone: (await settings.seller()).timeZone }),
  });
  // What the orders module does inside the flows' units (placing, moving, sweeping, a ship-to change).
  const orderSteps = createOrderSteps({
    repo: ordersRepo,
    companyOrders,
    rules: { unpaidTtlSeconds: config.orders.unpaidTtlSeconds, pendingMax: config.orders.pendingMax },
    companies,
    timeline: events,
    // An account order invoiced at once takes its invoice number (payments' sequence) in its own unit (issue 18).
    invoiceNumberIn: (trx) => paymentsRepo.nextInvoiceNumber(trx),
    taxContext: (input) => tax.contextFor(input),
    chooseShipping: (request, facts) => shippingMethods.choose(request, facts),
  });
  // Orders → profiles (issue 29): a purchase without a ship-to takes the last one; a given one is remembered.
  const shipTo: ShipToBook = {
    lastOf: (userId) => profiles.shippingAddressOf(userId),
    rememberIn: (trx, userId, address) => profiles.rememberShippingAddressIn(trx, userId, address),
  };
  // The order flows (src/flows/): each opens one unit and calls the modules inside it.
  const placeOrder = createPlaceOrder({ units, orders: orderSteps.placement, products });
  // Issue 31: stock arriving (a stock take, pieces given back, a return received) goes to backordered lines first.
  const allocateBackordersIn = createAllocateBackorders({ orders: orderSteps.backorders, products });
  const moveOrder = createMoveOrder({ units, orders: orderSteps.moves, products, allocateBackordersIn });
  // Issue 31: warehouses; stock is counted per warehouse (products module).
  const warehouses = createWarehousesService(createWarehousesRepository(db));
  const stock = createStockService({
    repo: createStockRepository(db, engine),
    cache: catalogueCache,
    lowStockThreshold: config.webhooks.lowStockThreshold,
    warehouses: () => warehouses.refs(),
  });
  // Issue 31: shipments (their packing slips drawn by the invoice renderer's pool) and the ship and deliver flows.
  const invoiceRenderer = createInvoiceRenderer({ log });
  const shipments = createShipmentsService({
    repo: createShipmentsRepository(db, engine),
    warehouses: () => warehouses.list(),
    readableOrder: (orderId, user) => orders.readable(orderId, user),
    renderer: invoiceRenderer,
    seller: sellerLines,
  });
  const shipping = createShippingFlows({ units, orders: orderSteps.shipping, shipments, products, stock, warehouses });
  const orders = createOrdersService({
    repo: ordersRepo,
    companyOrders,
    placeOrder,
    moveOrder,
    sweeps: createSweepOrders({ units, orders: orderSteps.sweeps, products, allocateBackordersIn }),
    // A refund moves money first; the status changes only once the provider has accepted it.
    // An account order takes its invoice number in the approval's unit when it becomes invoiced (issue 18).
    hooks: { beforeRefund: (row) => payments.refund(row), invoiceNumberIn: (trx) => paymentsRepo.nextInvoiceNumber(trx) },
    rules: { unpaidTtlSeconds: config.orders.unpaidTtlSeconds, pendingMax: config.orders.pendingMax },
    // Orders → companies (CompanyDirectory): membership, limits, terms, company prices, who approves.
    companies,
    timeline: events,
    // Orders → users: who acted on an order, by name (the timeline).
    namesOf: async (ids) => new Map((await users.usersByIds(ids)).map((u) => [u.id, u.name] as const)),
    shipping,
  });
  // `POST /api/purchase` and the buyer's later ship-to (flows/purchase-product.ts, flows/change-ship-to.ts).
  const purchase = createPurchaseProduct({ orders, products, companies, shipTo });
  const changeShipTo = createChangeShipTo({ units, orders, steps: orderSteps.shipTo, shipTo });
  // A cart's lines commit on the group commit without waiting for the disk; its checkout commits durably (ADR 0029).
  const cart = createCartService({ repo: createCartRepository(db, commits), products, prices: companies });
  // Issue 33: requisition lists; products and prices read live, sharing asks the companies module who belongs where.
  const lists = createListsService({ repo: createListsRepository(db), products, companies, users });
  // Issue 29: removing an account is one unit over the users, profiles, cart, lists and companies modules.
  const removeAccount = createRemoveAccount({ units, users, profiles, cart, lists, companies });
  // The checkout flow (flows/checkout-cart.ts): the cart becomes an order, an order goes back into the cart; the cart knows nothing of orders.
  const checkout = createCheckoutCart({ orders, cart, products, profiles, companies });
  const productsAdmin = createProductsAdminService(productsRepo, {
    cache: catalogueCache,
    hasOrders: orders.hasOrdersForProduct,
    categoryExists: categories.exists,
    stockRaised: createAllocateBackordersNow(units, allocateBackordersIn),
    // Issue 33: a deleted product's documents go with it (read when called: documents are built below).
    afterDelete: (productId) => documents.removeAllOf(productId),
    categoryTree: () => categories.tree(),
  });
  // CSV import/export: the import asks the categories module which slugs are unknown, and clears the catalogue cache after its commit.
  const productImportRepo = createProductImportRepository(db);
  const productImport = createProductImportService({
    repo: productImportRepo,
    cache: catalogueCache,
    missingCategories: (slugs) => categories.findMissing(slugs),
  });
  const productExport = createProductExportService(productImportRepo);
  // Issue 31: stock set from outside (a warehouse, an ERP) by id or by SKU, per warehouse, through the stock-take flow.
  const stockTake = createSetStock({ units, stock, products, warehouses, allocateBackordersIn });
  // Issue 19: API keys, each request's key read from the database and counted per key.
  const apiKeys = createApiKeysService({
    repo: createApiKeysRepository(db),
    rateLimiter,
    ...(apiKeyRatePerMinute !== undefined ? { perMinute: apiKeyRatePerMinute } : {}),
  });

  const provider = paymentProvider ?? (config.stripe ? createStripeProvider(config.stripe) : createTestCardProvider());
  const payableOrders = createOrderPayments(ordersRepo, createOrderPaymentsRepository(db), events);
  const payments = createPaymentsService({
    repo: paymentsRepo,
    orders: payableOrders,
    markPaid: createPayOrder({ units, payments: createPaymentSteps(paymentsRepo), orders: payableOrders }),
    buyer: (userId) => profiles.buyer(userId),
    invoiceRenderer,
    provider,
    publicUrl: config.publicUrl,
    log,
    // An invoice paid on account names the company and how to pay it (issue 18).
    invoiceParty: (companyId) => companies.invoiceParty(companyId),
    seesCompanyOrders: (userId, companyId) => orders.seesCompanyOrders(userId, companyId),
    bankTransferDetails: config.bankTransferDetails,
    seller: () => settings.seller(),
  });

  // Quotes → products (snapshot, list price), mail, users (who the admins are).
  const quotes = createQuotesService({
    repo: createQuotesRepository(db),
    products,
    units,
    adminEmails: () => users.adminEmails(),
    renderer: invoiceRenderer,
    prices: companies,
    seller: sellerLines,
  });
  // An accepted quote is placed like any order and ships like a purchase: the buyer's last ship-to, a given one remembered.
  const acceptQuote = createAcceptQuote({ quotes, products, orders, shipTo });

  // Issue 31: returns and credit notes (their PDFs on the invoice renderer's pool), refunded through payments.
  const returns = createReturnsService({
    repo: createReturnsRepository(db, engine),
    companies,
    orderOf: (orderId) => orders.byId(orderId),
    renderer: invoiceRenderer,
    seller: sellerLines,
  });
  const returnFlows = createReturnFlows({
    units,
    orders: orderSteps.returns,
    returns,
    products,
    stock,
    warehouses,
    allocateBackordersIn,
    companies,
    lastActivity: (orderId) => shipments.lastActivity(orderId),
    payments: {
      nextCreditNoteNumberIn: (trx) => paymentsRepo.nextCreditNoteNumber(trx),
      refundPart: (orderId, cents, key) => payments.refundPart(orderId, cents, key),
    },
    adminEmails: () => users.adminEmails(),
    windowDays: config.orders.returnWindowDays,
  });
  // Issue 32 (ADR 0031): punchout. The module owns its setups, sessions, log and buyers' order ids;
  // the flows start a session (signing the browser in as the company's punchout member), return
  // its cart, and place a cXML OrderRequest through the place-order flow.
  const punchout = createPunchoutService({ repo: createPunchoutRepository(db), companies, users, publicUrl: config.publicUrl, rateLimiter });
  const punchoutSignIn = createPunchoutSignIn(auth, config.authSecret);
  const punchoutHost = new URL(config.publicUrl).hostname;
  const punchoutStart = createPunchoutStart({ punchout, signIn: punchoutSignIn, cart, products, host: punchoutHost });
  const punchoutGateway: PunchoutGateway = {
    cxmlSetup: punchoutStart.cxmlSetup,
    start: punchoutStart.start,
    oci: punchoutStart.oci,
    returnCart: createPunchoutReturn({ units, punchout, cart, signIn: punchoutSignIn, host: punchoutHost }),
    cxmlOrder: createPunchoutOrder({ punchout, orders, products, companies, host: punchoutHost }),
  };
  /** The background round: log texts past 90 days emptied; ended sessions' carts and rows removed, in one unit. */
  const sweepPunchout = async (): Promise<number> => {
    const { endedSessions } = await punchout.sweep();
    if (endedSessions.length) {
      await units.run((uow) => cart.discardIn(uow.trx, endedSessions.map(punchoutCartId)));
      await punchout.deleteSessions(endedSessions);
    }
    return endedSessions.length;
  };

  const reviews = createReviewsService(createReviewsRepository(db));
  // Uploads: an S3-compatible bucket every instance shares when S3_* is set (ADR 0021), else the data folder.
  const storage = config.objectStorage ? createS3Storage(config.objectStorage) : createLocalDiskStorage(path.join(config.dataDir, 'uploads'));
  const uploads = createUploadsService({
    repo: createUploadsRepository(db),
    storage,
    rateLimiter,
    isInUse: async (url) =>
      (await Promise.all([users.imageInUse(url), products.imageInUse(url), reviews.imageInUse(url), orders.imageInUse(url)])).some(Boolean),
  });
  // Issue 33: product documents, stored where the images are (disk or bucket), shown per company.
  const documents = createDocumentsService({ repo: createDocumentsRepository(db), storage, products, companies, cache: catalogueCache, rateLimiter });
  // The overview, the export and the operator's inbox (issue 33); returns to receive are 0 until
  // issue 31's returns module gives its count (admin-reports/returns-to-receive.ts).
  const adminReports = createAdminReportsService({ orders: createOrderReportsService(createOrderReportsRepository(db)), products, quotes, returns });
  const health = { engine, ...createHealthRepository(db) };
  // Issue 33: the terms of sale and privacy texts admins edit.
  const sitePages = createSitePagesService(createSitePagesRepository(db));

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
