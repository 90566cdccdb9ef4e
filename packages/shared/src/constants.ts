/** Business constants from the specification (section 9). The one place they live. */
export const ORDER_QUANTITY_MIN = 50;
export const ORDER_QUANTITY_MAX = 1000;
export const PASSWORD_MIN_LENGTH = 6;
export const PRODUCT_NAME_MAX_LENGTH = 20;
export const BEST_SELLERS_COUNT = 6;
export const TOAST_AUTO_CLOSE_MS = 5000;
export const QUANTITY_SUFFIX = 'Ps';
export const CURRENCY_SYMBOL = '$';

/**
 * Catalogue sort orders. Here, not beside the zod schema that checks them: a page that only lists
 * them must not pull zod into its download (~24 kB gzip on /products). Without `sort`, a search
 * (`q`) is ranked by relevance and a plain list is 'featured'.
 */
export const PRODUCT_SORTS = ['featured', 'relevance', 'price-asc', 'price-desc', 'name', 'newest'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

/** Upper bounds that keep a single request or row reasonable. */
/** The highest price per piece, in 1/10,000 dollar (issue 30): $1,000,000. */
export const PRODUCT_PRICE_MAX_E4 = 10_000_000_000;
export const PRODUCT_STOCK_MAX = 100_000_000;
export const PAGE_SIZE_DEFAULT = 12;
export const PAGE_SIZE_MAX = 100;
/**
 * Uploads per account: files per rolling hour, and what a customer may keep stored (a replaced
 * profile photo is deleted, so a customer normally keeps one). Admins' product images have no
 * file quota (the catalogue grows), only a higher hourly rate.
 */
export const UPLOADS_PER_HOUR = 30;
export const UPLOADS_PER_HOUR_ADMIN = 300;
export const UPLOAD_QUOTA_FILES = 50;
export const UPLOAD_QUOTA_BYTES = 50 * 1024 * 1024;
/** Reviews one account may have on the public home page (spam and page-weight bound). */
export const REVIEWS_PER_ACCOUNT_MAX = 20;

export const STATS = [
  { title: 'Downloads', value: '31K', desc: 'Jan 1st - Feb 1st' },
  { title: 'New Users', value: '4,200', desc: '↗︎ 400 (22%)' },
  { title: 'New Registers', value: '1,200', desc: '↘︎ 90 (14%)' },
] as const;

/** Pagination metadata travels in headers so list bodies stay the spec's plain arrays. */
export const TOTAL_COUNT_HEADER = 'x-total-count';
