import { z } from 'zod';
import { ORDER_STATUSES } from './order.js';

/** Orders in these states count as revenue (money was taken, or invoiced on account, and not given back; issue 31: partly shipped too). */
export const REVENUE_STATUSES = ['paid', 'partially_shipped', 'shipped', 'delivered'] as const;

/** A product is low on stock when fewer than this many minimum orders are left. */
export const LOW_STOCK_MIN_ORDERS = 2;

export const OVERVIEW_DAYS = 30;

/** `GET /api/admin/overview`. Money in dollars. */
export const adminOverviewSchema = z.object({
  revenue: z.number(),
  paidOrders: z.number().int(),
  days: z.array(z.object({ date: z.string(), revenue: z.number(), orders: z.number().int() })),
  topProducts: z.array(z.object({ productId: z.string(), name: z.string(), quantity: z.number().int(), revenue: z.number() })),
  lowStock: z.array(z.object({ _id: z.string(), name: z.string(), availableQuantity: z.number().int(), minimumOrderQuantity: z.number().int() })),
});
export type AdminOverview = z.infer<typeof adminOverviewSchema>;

/** `GET /api/purchase/export.csv` filters. */
export const orderExportQuerySchema = z.object({
  status: z.enum(ORDER_STATUSES, { error: `status must be one of ${ORDER_STATUSES.join(', ')}` }).optional(),
  q: z.string().trim().max(100, 'Search text must be at most 100 characters').optional(),
});
export type OrderExportQuery = z.infer<typeof orderExportQuerySchema>;
