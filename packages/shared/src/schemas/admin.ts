import { z } from 'zod';
import { BRAND_MAX_LENGTH } from '../catalog.js';
import { PAGE_SIZE_MAX } from '../constants.js';
import { paginationQuerySchema } from './common.js';
import { ORDER_STATUSES } from './order.js';
import { categorySlugSchema } from './product.js';

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

/**
 * `GET /api/admin/inbox` (issue 33): what needs an operator's action now, each counted by the module
 * that owns it and each the length of a filtered list (`ADMIN_INBOX_LINKS`): orders paid and not
 * shipped, requests for quote to answer, orders awaiting a company's approval, invoices past their
 * due date, products low on stock (fewer than LOW_STOCK_MIN_ORDERS minimum orders left), and
 * returns to receive (issue 31: approved, the parts on their way).
 */
export const adminInboxSchema = z.object({
  toShip: z.number().int(),
  quotesToAnswer: z.number().int(),
  awaitingApproval: z.number().int(),
  overdueInvoices: z.number().int(),
  lowStock: z.number().int(),
  returnsToReceive: z.number().int(),
});
export type AdminInbox = z.infer<typeof adminInboxSchema>;
export type AdminInboxCount = keyof AdminInbox;

/** Where each count of the inbox leads: the admin list filtered to exactly what it counts (null: no such list yet). */
export const ADMIN_INBOX_LINKS: Record<AdminInboxCount, string | null> = {
  toShip: '/dashboard/manageallorder?status=paid',
  quotesToAnswer: '/dashboard/quotes?status=requested',
  awaitingApproval: '/dashboard/manageallorder?status=awaiting_approval',
  overdueInvoices: '/dashboard/manageallorder?overdue=true',
  lowStock: '/dashboard/allproduct?stock=low&archived=active',
  returnsToReceive: '/dashboard/returns?status=approved',
};

/** All Product (issue 33): 50 rows a page unless asked otherwise. */
export const ADMIN_PRODUCTS_PAGE_SIZE = 50;
export const ADMIN_PRODUCT_SORTS = ['created', 'name', 'sku', 'price', 'stock'] as const;
export type AdminProductSort = (typeof ADMIN_PRODUCT_SORTS)[number];
/** `low`: fewer than LOW_STOCK_MIN_ORDERS minimum orders left (what the inbox counts, out of stock included); `out`: none. */
export const ADMIN_STOCK_FILTERS = ['low', 'out'] as const;
export const ADMIN_ARCHIVED_FILTERS = ['all', 'active', 'archived'] as const;

/**
 * `GET /api/admin/products` (issue 33): every product, archived ones too, filtered by text (name or
 * SKU), category (with the categories under it), brand, stock and archived state, sorted by a column.
 */
export const adminProductListQuerySchema = paginationQuerySchema.extend({
  limit: z.coerce
    .number()
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(PAGE_SIZE_MAX, `limit must be at most ${PAGE_SIZE_MAX}`)
    .default(ADMIN_PRODUCTS_PAGE_SIZE),
  q: z.string().trim().max(100, 'Search text must be at most 100 characters').optional(),
  category: categorySlugSchema.optional(),
  brand: z.string().trim().min(1, 'brand cannot be empty').max(BRAND_MAX_LENGTH, `brand must be at most ${BRAND_MAX_LENGTH} characters`).optional(),
  stock: z.enum(ADMIN_STOCK_FILTERS, { error: `stock must be one of ${ADMIN_STOCK_FILTERS.join(', ')}` }).optional(),
  archived: z.enum(ADMIN_ARCHIVED_FILTERS, { error: `archived must be one of ${ADMIN_ARCHIVED_FILTERS.join(', ')}` }).default('all'),
  sort: z.enum(ADMIN_PRODUCT_SORTS, { error: `sort must be one of ${ADMIN_PRODUCT_SORTS.join(', ')}` }).default('created'),
  order: z.enum(['asc', 'desc'], { error: 'order must be asc or desc' }).default('desc'),
});
export type AdminProductListQuery = z.infer<typeof adminProductListQuerySchema>;
