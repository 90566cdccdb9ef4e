import type { Units } from '../db/unit-of-work.js';
import type { AllocateBackordersIn } from '../flows/allocate-backorders.js';
import { createReturnFlows } from '../flows/returns.js';
import { createSetStock } from '../flows/set-stock.js';
import { createShippingFlows } from '../flows/ship-order.js';
import type { CompaniesService } from '../modules/companies/companies.service.js';
import type { OrderReturnSteps } from '../modules/orders/order-returns.js';
import type { OrderShippingSteps } from '../modules/orders/order-shipping.js';
import type { OrdersService } from '../modules/orders/orders.service.js';
import { createInvoiceRenderer, type InvoiceRenderer } from '../modules/payments/invoice-renderer.js';
import type { PaymentsRepository } from '../modules/payments/payments.repository.js';
import type { PaymentsService } from '../modules/payments/payments.service.js';
import type { CatalogueCache } from '../modules/products/catalogue-cache.js';
import type { ProductsService } from '../modules/products/products.service.js';
import { createStockRepository } from '../modules/products/stock.repository.js';
import { createStockService, type StockService } from '../modules/products/stock.service.js';
import { createReturnsRepository } from '../modules/returns/returns.repository.js';
import { createReturnsService } from '../modules/returns/returns.service.js';
import { createShipmentsRepository } from '../modules/shipments/shipments.repository.js';
import { createShipmentsService, type ShipmentsDeps, type ShipmentsService } from '../modules/shipments/shipments.service.js';
import type { UsersService } from '../modules/users/users.service.js';
import { createWarehousesRepository } from '../modules/warehouses/warehouses.repository.js';
import { createWarehousesService, type WarehousesService } from '../modules/warehouses/warehouses.service.js';
import type { Base } from './base.js';

export interface FulfilmentDeps extends Base {
  units: Units;
  catalogueCache: CatalogueCache;
  products: ProductsService;
  shippingSteps: OrderShippingSteps;
  allocateBackordersIn: AllocateBackordersIn;
  sellerLines: () => Promise<string[]>;
  /** The order as a user may read it (the orders service, read when called: it is built after the ship flows it is given). */
  readableOrder: ShipmentsDeps['readableOrder'];
}

/**
 * Issue 31, what happens to the stock: warehouses, stock per warehouse and the stock take, shipments
 * and the ship and deliver flows; and the invoice renderer's pool, which draws the packing slips
 * first (and the invoices, quotes and credit notes).
 */
export function buildFulfilment({
  config,
  db,
  engine,
  log,
  units,
  catalogueCache,
  products,
  shippingSteps,
  allocateBackordersIn,
  sellerLines,
  readableOrder,
}: FulfilmentDeps) {
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
    readableOrder,
    renderer: invoiceRenderer,
    seller: sellerLines,
  });
  const shipping = createShippingFlows({ units, orders: shippingSteps, shipments, products, stock, warehouses });
  // Issue 31: stock set from outside (a warehouse, an ERP) by id or by SKU, per warehouse, through the stock-take flow.
  const stockTake = createSetStock({ units, stock, products, warehouses, allocateBackordersIn });

  return { warehouses, stock, invoiceRenderer, shipments, shipping, stockTake };
}

export interface ReturnsDeps extends Pick<Base, 'config' | 'db' | 'engine'> {
  units: Units;
  returnSteps: OrderReturnSteps;
  allocateBackordersIn: AllocateBackordersIn;
  sellerLines: () => Promise<string[]>;
  companies: CompaniesService;
  users: UsersService;
  products: ProductsService;
  orders: OrdersService;
  stock: StockService;
  warehouses: WarehousesService;
  shipments: ShipmentsService;
  invoiceRenderer: InvoiceRenderer;
  paymentsRepo: PaymentsRepository;
  payments: PaymentsService;
}

/** Issue 31: returns and credit notes (their PDFs on the invoice renderer's pool), refunded through payments. */
export function buildReturns(deps: ReturnsDeps) {
  const { config, db, engine, units, returnSteps, allocateBackordersIn, sellerLines, companies, users, products, orders, stock, warehouses, shipments } = deps;
  const { invoiceRenderer, paymentsRepo, payments } = deps;
  const returns = createReturnsService({
    repo: createReturnsRepository(db, engine),
    companies,
    orderOf: (orderId) => orders.byId(orderId),
    renderer: invoiceRenderer,
    seller: sellerLines,
  });
  const returnFlows = createReturnFlows({
    units,
    orders: returnSteps,
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

  return { returns, returnFlows };
}
