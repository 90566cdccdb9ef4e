import { Readable } from 'node:stream';
import {
  centsToDollars,
  formatUnitPriceDecimal,
  formatOrderNumber,
  LOW_STOCK_MIN_ORDERS,
  OVERVIEW_DAYS,
  type AdminInbox,
  type AdminOverview,
  type LineTax,
  type OrderExportQuery,
} from '@bulkparts/shared';
import type { OrderReportsService } from '../orders/order-reports.service.js';
import { orderTotalsOf } from '../orders/order-view.js';
import type { ProductsService } from '../products/products.service.js';
import type { QuotesService } from '../quotes/quotes.service.js';
import { csvRow } from './csv.js';
import { noReturnsYet, type ReturnsToReceive } from './returns-to-receive.js';

const EXPORT_BATCH = 500;
/** New columns go at the end, so spreadsheets built on the earlier ones keep working. */
export const ORDER_CSV_HEADER = [
  'Order',
  'Date',
  'Buyer email',
  'Product',
  'Quantity',
  'Unit price',
  'Total',
  'Paid',
  'Status',
  'Invoice',
  'Order number',
  'Carrier',
  'Tracking number',
  'Line',
  'SKU',
  'Line total',
  'PO number',
  'Lines in order',
  // Issue 30: the order's subtotal (net), shipping and tax (Total is what the buyer pays), and the line's tax as decided.
  'Subtotal',
  'Shipping',
  'Tax',
  'Line tax rule',
  'Line tax rate',
  'Line tax',
];

export interface AdminReportsDeps {
  orders: OrderReportsService;
  products: Pick<ProductsService, 'lowStock' | 'lowStockCount'>;
  /** Issue 33: requests for quote to answer (the quotes module counts them). */
  quotes: Pick<QuotesService, 'countToAnswer'>;
  /** Issue 33: returns to receive (issue 31's returns module; 0 until it exists). */
  returns?: ReturnsToReceive;
}

/** Reads through the orders, products and quotes services: this module owns no table (db/table-owners.ts). */
export function createAdminReportsService({ orders, products, quotes, returns = noReturnsYet }: AdminReportsDeps) {
  return {
    /** Issue 33: the operator's inbox, each count asked of the module that owns what it counts. */
    async inbox(now = new Date()): Promise<AdminInbox> {
      const [orderCounts, quotesToAnswer, lowStock, returnsToReceive] = await Promise.all([
        orders.inboxCounts(now.toISOString()),
        quotes.countToAnswer(),
        products.lowStockCount(LOW_STOCK_MIN_ORDERS),
        returns.countToReceive(),
      ]);
      return { ...orderCounts, quotesToAnswer, lowStock, returnsToReceive };
    },

    /** Revenue counts paid, shipped and delivered orders; low stock is fewer than two minimum orders left. */
    async overview(now = new Date()): Promise<AdminOverview> {
      const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - (OVERVIEW_DAYS - 1)));
      const [totals, perDay, top, low] = await Promise.all([
        orders.revenueTotals(),
        orders.perDay(start.toISOString()),
        orders.topProducts(5),
        products.lowStock(LOW_STOCK_MIN_ORDERS, 20),
      ]);
      const byDay = new Map(perDay.map((d) => [d.day, d]));
      const days = Array.from({ length: OVERVIEW_DAYS }, (_, i) => {
        const date = new Date(start.getTime() + i * 86_400_000).toISOString().slice(0, 10);
        const d = byDay.get(date);
        return { date, revenue: centsToDollars(d?.cents ?? 0), orders: d?.orders ?? 0 };
      });
      return {
        revenue: centsToDollars(totals.cents),
        paidOrders: totals.orders,
        days,
        topProducts: top.map((p) => ({ productId: p.productId, name: p.name, quantity: p.quantity, revenue: centsToDollars(p.cents) })),
        lowStock: low.map((p) => ({ _id: p.id, name: p.name, availableQuantity: p.available_quantity, minimumOrderQuantity: p.minimum_order_quantity })),
      };
    },

    /** The filtered orders as CSV, read in keyset batches so a large export never sits in memory. */
    exportOrdersCsv(filter: OrderExportQuery): Readable {
      async function* rows() {
        yield csvRow(ORDER_CSV_HEADER);
        let after: { createdAt: string; id: string } | undefined;
        for (;;) {
          const page = await orders.exportPage(filter, after, EXPORT_BATCH);
          const linesOf = new Map<string, Awaited<ReturnType<OrderReportsService['linesOf']>>>();
          for (const l of await orders.linesOf(page.map((o) => o.id))) linesOf.set(l.order_id, [...(linesOf.get(l.order_id) ?? []), l]);
          for (const o of page) {
            const paid = o.paid_at !== null && o.status !== 'pending' && o.status !== 'cancelled';
            // One row per line: Product, Quantity and Unit price are the line's, the order's columns repeat.
            const lines = linesOf.get(o.id) ?? [];
            const rows = lines.length
              ? lines.map((l) => ({
                  no: l.line_no,
                  sku: l.sku,
                  name: l.product_name,
                  quantity: l.quantity,
                  unit: l.unit_price_e4,
                  total: l.line_total_cents,
                  tax: l.tax ? (JSON.parse(l.tax) as LineTax) : null,
                }))
              : [{ no: 1, sku: '', name: o.product_name, quantity: o.quantity, unit: o.unit_price_e4, total: o.total_cents, tax: null }];
            const totals = orderTotalsOf(o);
            for (const line of rows) {
              yield csvRow([
                o.id,
                o.created_at,
                o.user_email,
                line.name,
                Number(line.quantity),
                // Issue 30: the unit price with the decimals it has (2 to 4), as every unit price is written.
                formatUnitPriceDecimal(Number(line.unit)),
                centsToDollars(Number(o.total_cents)).toFixed(2),
                paid ? 'yes' : 'no',
                o.status,
                o.invoice_number === null ? '' : Number(o.invoice_number),
                formatOrderNumber(Number(o.order_number)),
                o.carrier ?? '',
                o.tracking_number ?? '',
                Number(line.no),
                line.sku,
                centsToDollars(Number(line.total)).toFixed(2),
                o.po_number ?? '',
                Number(o.line_count),
                centsToDollars(totals.subtotalCents).toFixed(2),
                centsToDollars(totals.shippingCents).toFixed(2),
                centsToDollars(totals.taxTotalCents).toFixed(2),
                line.tax?.rule ?? '',
                line.tax ? String(line.tax.rateBp / 100) : '',
                line.tax ? centsToDollars(line.tax.amountCents).toFixed(2) : '',
              ]);
            }
          }
          if (page.length < EXPORT_BATCH) return;
          const last = page[page.length - 1]!;
          after = { createdAt: last.created_at, id: last.id };
        }
      }
      return Readable.from(rows());
    },
  };
}

export type AdminReportsService = ReturnType<typeof createAdminReportsService>;
