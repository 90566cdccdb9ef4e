/**
 * Which API test files run on which engine (ADR 0024). Every file under apps/server/test runs on
 * SQLite; a file also runs on PostgreSQL when the SQL or the transaction behaviour it exercises
 * can differ between the engines: locks and conditional updates under concurrency, the group
 * commit against real transactions, sequences, unique-violation mapping, claims with
 * `skip locked`, full-text search and facets, bulk writes, migrations, several instances on one
 * database, PostgreSQL's refusal of U+0000, rate-limit counters kept in the database. A file that
 * tests only HTTP contracts, validation, rendering or the source code runs once.
 *
 * Every test file is in exactly one list (platform/engine-lists.test.ts checks it), so a new file
 * cannot slip past the choice. Paths are relative to apps/server/test.
 */
export const BOTH_ENGINES = [
  // Issue 30: tax rates replaced in one transaction, each order line's tax and the order's totals stored, company tax records.
  'tax/tax.test.ts',
  'tax/totals-everywhere.test.ts',
  // Orders: stock taken in the order's unit, concurrency, credit, order numbers, idempotency.
  // Issue 30: the seller record's one row written by an upsert.
  'settings/seller-settings.test.ts',
  'orders/cart-checkout-once.test.ts',
  'orders/checkout-concurrency.test.ts',
  'orders/checkout.test.ts',
  'orders/company-orders.test.ts',
  'orders/company-pricing.test.ts',
  'orders/credit-limit-concurrency.test.ts',
  'orders/group-commit.test.ts',
  'orders/multi-line-orders.test.ts',
  // Issue 29: My Orders' search (order and PO numbers) and day bounds on created_at's ISO text.
  'orders/my-orders-filters.test.ts',
  'orders/one-order-core.test.ts',
  'orders/order-rules.test.ts',
  // Issue 29: timeline steps written in each change's transaction (rolled back with it), the events migration.
  'orders/order-timeline.test.ts',
  'orders/purchase.test.ts',
  // Issue 29: the ship-to change is a conditional update racing the admin's ship.
  'orders/purchase-checkout-fields.test.ts',
  // Issue 30: sub-cent unit prices, 1/10,000 dollar in bigint columns, a company discount rounded in SQL (catalogue) and in the shared pricing.
  'orders/sub-cent-prices.test.ts',
  'orders/two-instances.test.ts',
  'cart/cart.test.ts',
  'cart/cart-bulk-add-concurrency.test.ts',
  // Issue 29: 'Buy again' replacing the cart empties and refills it in one locked unit.
  'cart/buy-again-mode.test.ts',
  // Issue 29: a line change written only if the lines did not move; one statement on PostgreSQL.
  'cart/cart-lines-version.test.ts',
  // Issue 33: requisition lists: the items cap under the list's row lock, summed upserts, sharing by company.
  'lists/lists.test.ts',
  // Issue 33: product documents shown per company (an exists() over their companies), on disk and in a bucket.
  'documents/documents.test.ts',
  // Payments: paying once under concurrency, invoice number sequence, webhook replays.
  'payments/test-card.test.ts',
  'payments/stripe.test.ts',
  // Quote acceptance places an order.
  'quotes/quote-accept.test.ts',
  // Issue 29: the accepted quote's order with the checkout's details, the remembered ship-to in its unit.
  'quotes/quote-accept-checkout.test.ts',
  // Companies: the company row lock, members, prices.
  'companies/companies.test.ts',
  'companies/invitations.test.ts',
  'companies/prices.test.ts',
  // Catalogue: full text (FTS5 against tsvector), facets, price tiers, imports, unique SKUs, the tree lock.
  'products/catalog.test.ts',
  'products/search.test.ts',
  'products/facets.test.ts',
  'products/facet-counts.test.ts',
  'products/import.test.ts',
  'products/price-tiers.test.ts',
  'products/price-tiers-csv.test.ts',
  'products/low-stock-csv.test.ts',
  // Issue 32: the UNSPSC column through the import's upsert.
  'products/unspsc.test.ts',
  'products/product-fields.test.ts',
  'products/caller-prices.test.ts',
  'products/search-bounds.test.ts',
  'categories/categories.test.ts',
  'api-keys/stock.test.ts',
  // The outboxes and their claims, crashes, several instances.
  'platform/mail-outbox.test.ts',
  'platform/migrations.test.ts',
  'webhooks/webhooks.test.ts',
  'webhooks/webhook-pacing.test.ts',
  'webhooks/webhook-crash.test.ts',
  'security/crash.test.ts',
  'security/multi-instance.test.ts',
  'api-keys/api-key-instances.test.ts',
  // PostgreSQL cannot hold U+0000; the fuzzer and the bad-input tests prove it is a 400 there too.
  'security/fuzz.test.ts',
  'auth/bad-input.test.ts',
  // Counters in the database under concurrent requests; the last-admin lock; readiness when the database is gone.
  'auth/rate-limits.test.ts',
  'auth/account-safety.test.ts',
  'admin/admin.test.ts',
  // Issue 33: the inbox's counts against the filtered lists, All Product's filters and column sorts.
  'admin/inbox.test.ts',
  'security/operations.test.ts',
  // Issue 31: stock counted per warehouse under the products' row locks, the warehouse code's unique index.
  'warehouses/warehouses.test.ts',
  // Issue 30: shipping methods, options and the order's shipping charge through the placement's unit.
  'shipping/shipping.test.ts',
  // Issue 31: shipments add to each line under the order's row lock; numbers from a sequence (PostgreSQL) or max + 1 (SQLite).
  'shipments/shipments.test.ts',
  // Issue 31: backordered lines take their queue place under the product's lock; stock arriving is allocated in its unit.
  'backorders/backorders.test.ts',
  'backorders/backorder-concurrency.test.ts',
  // Issue 31: returns reserve shipped pieces conditionally (racing requests), credit notes number from the gap-free sequence.
  'returns/returns.test.ts',
  'returns/returns-stripe.test.ts',
  // Issue 29 (ADR 0029): relaxed commits (SQLite's pragma, PostgreSQL's synchronous_commit) and prepared statements.
  'platform/commit-modes.test.ts',
  // Issue 29 (ADR 0029): writes deferred to a unit's next statement, merged into one on PostgreSQL.
  'platform/deferred-writes.test.ts',
  // Issue 32: punchout's setups (unique identities), one-time start links (a conditional update),
  // its carts, and OrderRequests placed once per orderID under concurrency (a primary key in the order's unit).
  'punchout/punchout-setup.test.ts',
  'punchout/punchout-return.test.ts',
  'punchout/punchout-order.test.ts',
] as const;

export const SQLITE_ONLY = [
  'admin/admin-rights.test.ts',
  'admin/reports.test.ts',
  'api-keys/api-keys.test.ts',
  'api-keys/updated-since.test.ts',
  'auth/accounts.test.ts',
  'auth/auth-error-body.test.ts',
  'auth/google.test.ts',
  'auth/two-factor.test.ts',
  'auth/update-user.test.ts',
  'orders/own-order-pages.test.ts',
  'payments/invoice-render.test.ts',
  'cart/quick-order.test.ts',
  'platform/caches.test.ts',
  'platform/engine-lists.test.ts',
  'platform/loop-watchdog.test.ts',
  'platform/openapi.test.ts',
  'platform/outbox-worker.test.ts',
  'platform/platform.test.ts',
  'platform/table-ownership.test.ts',
  'platform/users.test.ts',
  'products/export.test.ts',
  'products/catalogue-reader-pool.test.ts',
  'profiles/profiles.test.ts',
  // Issue 32: hostile XML is refused before any SQL runs; the log's writes are covered by the files above.
  'punchout/punchout-attacks.test.ts',
  'profiles/upload-limits.test.ts',
  'quotes/quote-lifecycle.test.ts',
  'reviews/reviews.test.ts',
  'site-pages/site-pages.test.ts',
  // Issue 30: the invoice's text from constructed orders (no database).
  'payments/invoice-layout.test.ts',
  'security/access-matrix.test.ts',
  'security/auth-routes.test.ts',
  'security/hardening.test.ts',
  'security/invoice-dos.test.ts',
  'security/log-redaction.test.ts',
  'uploads/s3-storage.test.ts',
  'webhooks/low-stock-threshold.test.ts',
  'webhooks/webhook-address.test.ts',
  'webhooks/webhook-signature.test.ts',
] as const;
