/**
 * The first element of every query key, one per domain: each feature's `queryOptions` factory keys
 * its reads under its own root, and invalidating a root refreshes every read of that domain.
 *
 * Declared here, below the features, so a feature can refresh the reads of a feature that sits
 * above it (placing an order changes the company's credit; joining a company changes the cart's
 * prices) by naming the root, without importing that feature: features import downward only.
 */
export const QUERY_ROOTS = {
  admin: ['admin'],
  apiKeys: ['api-keys'],
  auth: ['auth'],
  cart: ['cart'],
  categories: ['categories'],
  companies: ['companies'],
  lists: ['lists'],
  orders: ['orders'],
  payments: ['payments'],
  products: ['products'],
  profile: ['profile'],
  punchout: ['punchout'],
  quotes: ['quotes'],
  returns: ['returns'],
  reviews: ['reviews'],
  settings: ['settings'],
  shipments: ['shipments'],
  shipping: ['shipping'],
  sitePages: ['site-pages'],
  tax: ['tax'],
  warehouses: ['warehouses'],
  webhooks: ['webhooks'],
} as const;
