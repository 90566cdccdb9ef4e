import type { DB } from './tables.js';

/**
 * Which module owns each table (ADR 0012). Only that module's `*.repository.ts` files read or
 * write it; another module asks the owner's service, passing its transaction when the write must
 * commit with its own. `db/` (migrations, seed) is the one exception.
 * test/platform/table-ownership.test.ts checks the source against this map.
 *
 * `user`, `session`, `account`, `verification`, `twoFactor` and `rateLimit` are better-auth's
 * (its adapter writes them); the queries we write ourselves on them live in users.repository.ts.
 */
export const TABLE_OWNERS = {
  products: 'products',
  product_attributes: 'products',
  product_facet_counts: 'products',
  categories: 'categories',
  warehouse_stock: 'products',
  warehouses: 'warehouses',
  shipping_methods: 'shipping',
  shipments: 'shipments',
  shipment_lines: 'shipments',
  carriers: 'shipments',
  returns: 'returns',
  return_lines: 'returns',
  credit_notes: 'returns',
  orders: 'orders',
  order_lines: 'orders',
  events: 'events',
  cart_lines: 'cart',
  carts: 'cart',
  quotes: 'quotes',
  companies: 'companies',
  tax_rates: 'tax',
  company_members: 'companies',
  company_invitations: 'companies',
  company_addresses: 'companies',
  company_prices: 'companies',
  quote_lines: 'quotes',
  customer_order_counts: 'orders',
  payment_events: 'payments',
  sequences: 'payments',
  profiles: 'profiles',
  reviews: 'reviews',
  mail_outbox: 'mail',
  rate_limits: 'rate-limit',
  api_keys: 'api-keys',
  webhook_endpoints: 'webhooks',
  webhook_deliveries: 'webhooks',
  uploads: 'uploads',
  lists: 'lists',
  list_items: 'lists',
  product_documents: 'documents',
  product_document_companies: 'documents',
  site_pages: 'site-pages',
  seller_settings: 'settings',
  punchout_configs: 'punchout',
  punchout_sessions: 'punchout',
  punchout_documents: 'punchout',
  punchout_orders: 'punchout',
  user: 'users',
  session: 'users',
  account: 'users',
  verification: 'users',
  twoFactor: 'users',
  rateLimit: 'users',
} as const satisfies Record<keyof DB | 'verification' | 'twoFactor' | 'rateLimit', string>;

export type TableName = keyof typeof TABLE_OWNERS;
