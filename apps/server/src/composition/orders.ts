import type { Units } from '../db/unit-of-work.js';
import { createAcceptQuote } from '../flows/accept-quote.js';
import { createAllocateBackorders } from '../flows/allocate-backorders.js';
import { createChangeShipTo } from '../flows/change-ship-to.js';
import { createCheckoutCart } from '../flows/checkout-cart.js';
import { createMoveOrder } from '../flows/move-order.js';
import { createPayOrder } from '../flows/pay-order.js';
import { createPlaceOrder } from '../flows/place-order.js';
import { createPurchaseProduct } from '../flows/purchase-product.js';
import type { createShippingFlows } from '../flows/ship-order.js';
import type { ShipToBook } from '../flows/ship-to-book.js';
import { createSweepOrders } from '../flows/sweep-orders.js';
import type { CartService } from '../modules/cart/cart.service.js';
import type { CompaniesService } from '../modules/companies/companies.service.js';
import { createEventsRepository } from '../modules/events/events.repository.js';
import { createCompanyOrdersRepository } from '../modules/orders/company-orders.repository.js';
import { createOrderPayments } from '../modules/orders/order-payments.js';
import { createOrderPaymentsRepository } from '../modules/orders/order-payments.repository.js';
import { createOrderSteps } from '../modules/orders/order-steps.js';
import { createOrdersRepository } from '../modules/orders/orders.repository.js';
import { createOrdersService } from '../modules/orders/orders.service.js';
import type { InvoiceRenderer } from '../modules/payments/invoice-renderer.js';
import type { PaymentProvider } from '../modules/payments/payment-provider.js';
import { createPaymentSteps } from '../modules/payments/payment-steps.js';
import { createPaymentsRepository } from '../modules/payments/payments.repository.js';
import { createPaymentsService } from '../modules/payments/payments.service.js';
import { createStripeProvider } from '../modules/payments/stripe.provider.js';
import { createTestCardProvider } from '../modules/payments/test-card.provider.js';
import type { ProductsService } from '../modules/products/products.service.js';
import type { ProfilesService } from '../modules/profiles/profiles.service.js';
import { createQuotesRepository } from '../modules/quotes/quotes.repository.js';
import { createQuotesService } from '../modules/quotes/quotes.service.js';
import type { SettingsService } from '../modules/settings/settings.service.js';
import { createShippingMethodsRepository } from '../modules/shipping/shipping-methods.repository.js';
import { createShippingMethodsService } from '../modules/shipping/shipping-methods.service.js';
import { createTaxRepository } from '../modules/tax/tax.repository.js';
import { createTaxService } from '../modules/tax/tax.service.js';
import type { UsersService } from '../modules/users/users.service.js';
import type { Base } from './base.js';

export interface OrderStepsDeps extends Pick<Base, 'config' | 'db' | 'engine'> {
  units: Units;
  settings: SettingsService;
  companies: CompaniesService;
  profiles: ProfilesService;
  products: ProductsService;
}

/**
 * What an order is placed and moved with: tax and shipping methods, the orders module's steps inside
 * the flows' units, and the flows that need nothing more (place, move, allocate backorders).
 */
export function buildOrderSteps({ config, db, engine, units, settings, companies, profiles, products }: OrderStepsDeps) {
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

  return { tax, shippingMethods, ordersRepo, companyOrders, events, paymentsRepo, orderSteps, shipTo, placeOrder, allocateBackordersIn, moveOrder };
}

type OrderSteps = ReturnType<typeof buildOrderSteps>;

export interface OrdersDeps
  extends
    Base,
    Pick<
      OrderSteps,
      'ordersRepo' | 'companyOrders' | 'events' | 'paymentsRepo' | 'orderSteps' | 'shipTo' | 'placeOrder' | 'moveOrder' | 'allocateBackordersIn'
    > {
  paymentProvider: PaymentProvider | undefined;
  units: Units;
  settings: SettingsService;
  sellerLines: () => Promise<string[]>;
  users: UsersService;
  profiles: ProfilesService;
  companies: CompaniesService;
  products: ProductsService;
  cart: CartService;
  invoiceRenderer: InvoiceRenderer;
  /** The ship and deliver flows (flows/ship-order.ts). */
  shipping: ReturnType<typeof createShippingFlows>;
}

/** The orders service and the flows around it (purchase, ship-to change, checkout), payments, and quotes. */
export function buildOrders(deps: OrdersDeps) {
  const { config, db, log, paymentProvider, units, settings, sellerLines, users, profiles, companies, products, cart, invoiceRenderer, shipping } = deps;
  const { ordersRepo, companyOrders, events, paymentsRepo, orderSteps, shipTo, placeOrder, moveOrder, allocateBackordersIn } = deps;
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
  // The checkout flow (flows/checkout-cart.ts): the cart becomes an order, an order goes back into the cart; the cart knows nothing of orders.
  const checkout = createCheckoutCart({ orders, cart, products, profiles, companies });

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

  return { orders, purchase, changeShipTo, checkout, provider, payments, quotes, acceptQuote };
}
