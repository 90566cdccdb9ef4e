/**
 * The first element of every query key, one per domain: each feature's `queryOptions` factory keys
 * its reads under its own root, and invalidating a root refreshes every read of that domain.
 *
 * Declared here, below the features, so a feature can refresh the reads of a feature that sits
 * above it (placing an order changes the company's credit; joining a company changes the cart's
 * prices) by naming the root, without importing that feature: features import downward only.
 * One constant each, not one object: a chunk carries only the roots its code names.
 */
export const ADMIN_ROOT = ['admin'] as const;
export const API_KEYS_ROOT = ['api-keys'] as const;
export const AUTH_ROOT = ['auth'] as const;
export const CART_ROOT = ['cart'] as const;
export const CATEGORIES_ROOT = ['categories'] as const;
export const COMPANIES_ROOT = ['companies'] as const;
export const LISTS_ROOT = ['lists'] as const;
export const ORDERS_ROOT = ['orders'] as const;
export const PAYMENTS_ROOT = ['payments'] as const;
export const PRODUCTS_ROOT = ['products'] as const;
export const PROFILE_ROOT = ['profile'] as const;
export const PUNCHOUT_ROOT = ['punchout'] as const;
export const QUOTES_ROOT = ['quotes'] as const;
export const RETURNS_ROOT = ['returns'] as const;
export const REVIEWS_ROOT = ['reviews'] as const;
export const SETTINGS_ROOT = ['settings'] as const;
export const SHIPMENTS_ROOT = ['shipments'] as const;
export const SHIPPING_ROOT = ['shipping'] as const;
export const SITE_PAGES_ROOT = ['site-pages'] as const;
export const TAX_ROOT = ['tax'] as const;
export const WAREHOUSES_ROOT = ['warehouses'] as const;
export const WEBHOOKS_ROOT = ['webhooks'] as const;
