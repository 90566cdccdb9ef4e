import type { ColumnType, Generated } from 'kysely';

/**
 * Table types for Kysely. Our tables use snake_case and ISO-8601 UTC text timestamps (identical
 * on SQLite and PostgreSQL, and they sort correctly as text). Booleans are 0/1 integers for the
 * same reason. better-auth's tables (camelCase, its own types) are declared in auth-schema.ts.
 */
export interface ProductsTable {
  id: string;
  position: number;
  name: string;
  name_lower: string;
  description: string;
  /** Issue 30 (migration 20261230000000): the list price per piece in 1/10,000 dollar ($0.0125 = 125). */
  price_e4: number;
  minimum_order_quantity: number;
  available_quantity: number;
  img: string;
  archived: number;
  created_at: string;
  updated_at: string;
  /** Upper-case, unique. */
  sku: string;
  brand: string;
  /** A `categories.slug`, or null. */
  category: string | null;
  /** JSON object text `{ name: value }`; triggers mirror it into `product_attributes`. */
  attributes: string;
  /** JSON array text of image URLs; `img` is its first entry. */
  images: string;
  /** Issue 17 (migration 20261127000000): JSON text `[{ minQuantity, priceE4 }]` (issue 30: 1/10,000 dollar), '[]' for none. */
  price_tiers: ColumnType<string, string | undefined, string>;
  /** The pack multiple; 1 for none. */
  order_multiple: ColumnType<number, number | undefined, number>;
  /**
   * Issue 19 (migration 20261201000000): below this stock a stock take sends `product.low_stock`;
   * null follows WEBHOOK_LOW_STOCK_THRESHOLD, 0 never.
   */
  low_stock_threshold: ColumnType<number | null, number | null | undefined, number | null>;
  /** Issue 32 (migration 20261211000000): the UNSPSC commodity code (8 digits), or null. */
  unspsc: ColumnType<string | null, string | null | undefined, string | null>;
  /**
   * Issue 31 (migration 20261220000000): pieces sold and not yet shipped. An order moves its pieces
   * from `available_quantity` into it; a shipment takes them off a warehouse's shelves. The default
   * warehouse's count is `available_quantity + committed_quantity − Σ warehouse_stock` (ADR 0032).
   */
  committed_quantity: ColumnType<number, number | undefined, number>;
  /** Issue 31 (migration 20261222000000): a line beyond the stock is taken with the rest backordered (1) or refused (0). */
  backorder_allowed: ColumnType<number, number | undefined, number>;
  lead_time_days: ColumnType<number | null, number | null | undefined, number | null>;
  /** `YYYY-MM-DD`. */
  next_restock_date: ColumnType<string | null, string | null | undefined, string | null>;
  /** Pieces of open orders waiting for this product's stock (a new order joins the queue while any wait). */
  backordered_quantity: ColumnType<number, number | undefined, number>;
  /** The backorder queue's counter: each backordered line takes the next place under the row lock. */
  backorder_seq: ColumnType<number, number | undefined, number>;
  /** Issue 30 (migration 20261231000000): 'standard' | 'reduced' | 'zero' | 'exempt'. */
  tax_class: ColumnType<string, string | undefined, string>;
  /** Issue 30 (migration 20270101000000): a piece's weight in grams, null when not given. */
  weight_grams: ColumnType<number | null, number | null | undefined, number | null>;
}

/** Issue 31: a warehouse (warehouses module); `address` is JSON text of a ShippingAddress. */
/** Issue 30: a shipping method (module `shipping`); prices in cents, weights in grams. */
export interface ShippingMethodsTable {
  code: string;
  position: number;
  name: string;
  kind: string;
  /** '*' or a JSON list of ISO codes. */
  countries: string;
  /** JSON `[{ upToGrams, priceCents }]`. */
  bands: string;
  free_over_cents: number | null;
  transit_min: number;
  transit_max: number;
  pickup_address: string | null;
  updated_at: string;
}

export interface WarehousesTable {
  id: string;
  code: string;
  name: string;
  address: string;
  /** 1 for the one default warehouse (created by the migration), 0 otherwise. */
  is_default: number;
  created_at: string;
  updated_at: string;
}

/** Issue 31: the count on a warehouse's shelves (products module); no row for the default warehouse (derived, see ProductsTable). */
export interface WarehouseStockTable {
  warehouse_id: string;
  product_id: string;
  quantity: number;
  updated_at: string;
}

/** One specification of one product, kept by triggers from `products.attributes` (read-only for the app). */
export interface ProductAttributesTable {
  product_id: string;
  name: string;
  value: string;
}

/**
 * Visible products per leaf category ('' for none) and kind (`all`, `brand` per value, `attr` per
 * specification name and value), kept by triggers (migration 20261125000000, ADR 0016); read-only for the app.
 */
export interface ProductFacetCountsTable {
  category: string;
  kind: 'all' | 'brand' | 'attr';
  name: string;
  value: string;
  n: number;
}

export interface CategoriesTable {
  slug: string;
  name: string;
  parent: string | null;
  position: number;
  created_at: string;
  updated_at: string;
}

export interface ReviewsTable {
  id: string;
  user_id: string | null;
  name: string;
  img: string | null;
  designation: string;
  description: string;
  rating: number;
  created_at: string;
}

export interface SequencesTable {
  name: string;
  value: number;
}

export interface MailOutboxTable {
  id: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  attempts: number;
  next_attempt_at: string;
  sent_at: string | null;
  last_error: string | null;
  created_at: string;
}

export interface RateLimitsTable {
  key: string;
  count: number;
  window_start: number;
}

export interface OrdersTable {
  id: string;
  product_id: string;
  product_name: string;
  product_img: string;
  /** The first line's price per piece, 1/10,000 dollar (issue 30). */
  unit_price_e4: number;
  quantity: number;
  total_cents: number;
  user_id: string;
  user_email: string;
  status: string;
  idempotency_key: string | null;
  payment_provider: string | null;
  payment_reference: string | null;
  card_brand: string | null;
  card_last4: string | null;
  invoice_number: number | null;
  created_at: string;
  updated_at: string;
  paid_at: string | null;
  shipped_at: string | null;
  delivered_at: string | null;
  cancelled_at: string | null;
  refunded_at: string | null;
  /** Given at insert (migration 20261124000000); optional on insert so scripts may leave it to the database. */
  order_number: ColumnType<number, number | undefined, number>;
  carrier: ColumnType<string | null, string | null | undefined, string | null>;
  tracking_number: ColumnType<string | null, string | null | undefined, string | null>;
  /** The payment deadline of a pending order (UNPAID_ORDER_TTL). */
  expires_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** sha-256 of the body first sent with `idempotency_key`. */
  idempotency_hash: ColumnType<string | null, string | null | undefined, string | null>;
  /** Issue 16 (migration 20261126000000): the buyer's purchase order number, the address (JSON text), a note. */
  po_number: ColumnType<string | null, string | null | undefined, string | null>;
  shipping_address: ColumnType<string | null, string | null | undefined, string | null>;
  note: ColumnType<string | null, string | null | undefined, string | null>;
  /** How many `order_lines` the order has. */
  line_count: ColumnType<number, number | undefined, number>;
  /** Issue 18 (migration 20261128000000): the buyer's company when placed, how it is paid ('card' | 'account'). */
  company_id: ColumnType<string | null, string | null | undefined, string | null>;
  payment_method: ColumnType<string, string | undefined, string>;
  /** An invoiced order's payment deadline (payment terms). */
  due_date: ColumnType<string | null, string | null | undefined, string | null>;
  rejection_reason: ColumnType<string | null, string | null | undefined, string | null>;
  /** Who approved or rejected the order (a user id; 'system' for the 14-day sweep). */
  decided_by: ColumnType<string | null, string | null | undefined, string | null>;
  /** When the one overdue reminder was queued. */
  reminded_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** When the order started waiting for approval (the 14-day sweep). */
  awaiting_since: ColumnType<string | null, string | null | undefined, string | null>;
  /** Issue 31: 'ship_as_available' | 'ship_complete'. */
  fulfilment: ColumnType<string, string | undefined, string>;
  /** Issue 31: what the order's credit notes gave back, in cents. */
  credited_cents: ColumnType<number, number | undefined, number>;
  /** Issue 32 (migration 20261211000100): what a shop admin should check (a punchout line sent at another price), or null. */
  review_note: ColumnType<string | null, string | null | undefined, string | null>;
  /** Issue 30 (migration 20261231000000): the lines' net (null on older orders: their total), tax, tax per rate (JSON of OrderTotals['tax']). */
  subtotal_cents: ColumnType<number | null, number | null | undefined, number | null>;
  tax_cents: ColumnType<number, number | undefined, number>;
  tax_lines: ColumnType<string | null, string | null | undefined, string | null>;
  /** Issue 30 (migration 20270101000000): the shipping charged, in cents (part of `total_cents`). */
  shipping_cents: ColumnType<number, number | undefined, number>;
  /** JSON text: { code, name, kind, carrierAccount, pickupAddress }; null: none chosen (older orders, or nothing fitted). */
  shipping_method: ColumnType<string | null, string | null | undefined, string | null>;
  /** The estimated delivery window (`YYYY-MM-DD`), null when not known. */
  delivery_from: ColumnType<string | null, string | null | undefined, string | null>;
  delivery_to: ColumnType<string | null, string | null | undefined, string | null>;
}

/** One line of an order: the product as it was and its price at checkout (orders module). */
export interface OrderLinesTable {
  order_id: string;
  line_no: number;
  product_id: string;
  sku: string;
  product_name: string;
  product_img: string;
  /** Issue 30: 1/10,000 dollar per piece; `line_total_cents` is it × quantity rounded half up to the cent once. */
  unit_price_e4: number;
  quantity: number;
  line_total_cents: number;
  /** The list (tier) price for the quantity when it was placed (1/10,000 dollar); null before issue 29 recorded it. */
  list_unit_price_e4: number | null;
  /** Issue 31 (migration 20261221000000): pieces shipped; a shipment adds to it only while it stays within the line. */
  shipped_quantity: ColumnType<number, number | undefined, number>;
  /** Issue 31 (migration 20261222000000): pieces waiting for stock, their promised day (`YYYY-MM-DD`), the line's place in its product's queue. */
  backordered: ColumnType<number, number | undefined, number>;
  promised_dispatch: ColumnType<string | null, string | null | undefined, string | null>;
  backorder_position: ColumnType<number | null, number | null | undefined, number | null>;
  /** Issue 31 (migration 20261223000000): pieces in returns not rejected (never more than shipped), and pieces credited. */
  returned_quantity: ColumnType<number, number | undefined, number>;
  credited_quantity: ColumnType<number, number | undefined, number>;
  /** Issue 30: the line's tax as decided (JSON of LineTax), null on older lines. */
  tax: ColumnType<string | null, string | null | undefined, string | null>;
}

/** Issue 31: a return (returns module); `status` is a ReturnStatus. */
export interface ReturnsTable {
  id: string;
  rma_number: ColumnType<number, number | undefined, number>;
  order_id: string;
  /** The order's number, as its returns list it. */
  order_number: number;
  user_id: string;
  user_email: string;
  company_id: string | null;
  status: string;
  note: string | null;
  rejection_reason: string | null;
  /** Who asked (the buyer, or their company's admin). */
  requested_by: string;
  /** The shop admin who approved or rejected it. */
  decided_by: string | null;
  refund_reference: string | null;
  /** A card refund the provider refused, until it is sent again. */
  refund_error: string | null;
  created_at: string;
  updated_at: string;
}

export interface ReturnLinesTable {
  return_id: string;
  line_no: number;
  order_line_no: number;
  product_id: string;
  sku: string;
  product_name: string;
  quantity: number;
  reason: string;
  received: number | null;
  damaged: number | null;
  warehouse_id: string | null;
}

/** Issue 31: a credit note (returns module), numbered from the payments module's sequence; `lines` JSON text as printed. */
export interface CreditNotesTable {
  id: string;
  number: number;
  return_id: string;
  order_id: string;
  net_cents: number;
  tax_cents: number;
  shipping_cents: number;
  total_cents: number;
  lines: string;
  /** 'card' (refunded through the provider), 'account' (credited to the unpaid invoice), 'bank_transfer' (paid back by hand). */
  method: string;
  created_at: string;
}

/** Issue 31: one shipment of an order (shipments module), from one warehouse. */
export interface ShipmentsTable {
  id: string;
  /** Given at insert (PostgreSQL: a sequence; SQLite: max + 1), shown as `SH-000001`. */
  shipment_number: ColumnType<number, number | undefined, number>;
  order_id: string;
  warehouse_id: string;
  carrier: string | null;
  tracking_number: string | null;
  /** Who recorded it (an account id). */
  shipped_by: string | null;
  shipped_at: string;
  delivered_at: string | null;
}

/** One line of a shipment: the order line it ships pieces of, as it was. */
export interface ShipmentLinesTable {
  shipment_id: string;
  line_no: number;
  order_line_no: number;
  product_id: string;
  sku: string;
  product_name: string;
  quantity: number;
}

/** Issue 31: a carrier and its tracking page's URL template (`{tracking}`), edited by admins. */
export interface CarriersTable {
  code: string;
  name: string;
  tracking_url_template: string;
  position: number;
}

/**
 * What happened to a record, and who did it (events module, issue 29): written in the transaction
 * of the change, read as an order's timeline. `actor`: the acting account's id, 'system' (a
 * sweep), or null (not recorded: events backfilled from orders placed before the log existed).
 */
export interface EventsTable {
  id: string;
  /** 'order.placed', 'order.approved', …: the subject's kind, then what happened. */
  type: string;
  subject_id: string;
  actor: string | null;
  at: string;
  /** Issue 31: what the step is about beyond its subject (the shipment's number, 'SH-000001'). */
  detail: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A request for quote (quotes module, issue 17). `status` is a QuoteStatus. */
export interface QuotesTable {
  id: string;
  /** Given by the database at insert (sequence / trigger). */
  quote_number: ColumnType<number, number | undefined, number>;
  user_id: string;
  user_email: string;
  status: string;
  note: string | null;
  message: string | null;
  valid_until: string | null;
  order_id: string | null;
  created_at: string;
  updated_at: string;
  answered_at: string | null;
  decided_at: string | null;
  /** Issue 30: the freight price the admin's answer carries, in cents (null: none). */
  shipping_cents: ColumnType<number | null, number | null | undefined, number | null>;
}

/** One line of a quote: the product as asked for, the shop's price then, the quoted price once answered. */
export interface QuoteLinesTable {
  quote_id: string;
  line_no: number;
  product_id: string;
  sku: string;
  product_name: string;
  product_img: string;
  quantity: number;
  /** Issue 30: 1/10,000 dollar per piece. */
  list_unit_price_e4: number;
  quoted_unit_price_e4: number | null;
}

/** A signed-in buyer's cart: only product and quantity, everything else is read live (cart module). */
export interface CartLinesTable {
  user_id: string;
  product_id: string;
  quantity: number;
  created_at: string;
  updated_at: string;
}

/**
 * A cart's checkouts (cart module, issue 28): `version` is bumped by each checkout, conditionally
 * on the version it read, so one cart becomes one order; `order_id` is that order; `ordered` is 1
 * until a line is next added (the emptied cart is still that order).
 */
export interface CartsTable {
  user_id: string;
  version: number;
  /** The order the last checkout made; null for a cart never checked out (locked by a line change, issue 28). */
  order_id: string | null;
  ordered: number;
  updated_at: string;
  /** Moved by every change to the cart's lines, in its transaction (a line change's optimistic check, ADR 0029). */
  lines_version: Generated<number>;
}

export interface PaymentEventsTable {
  id: string;
  provider: string;
  order_id: string | null;
  type: string;
  created_at: string;
}

export interface ProfilesTable {
  user_id: string;
  address: string;
  phone: string;
  url: string;
  updated_at: string;
  /** JSON text of the last checkout's address (migration 20261126000000). */
  shipping_address: ColumnType<string | null, string | null | undefined, string | null>;
}

/** Orders per customer, kept by database triggers on `orders` (migration 20261123100000). */
export interface CustomerOrderCountsTable {
  user_id: string;
  orders: number;
  /** Bumped by triggers on every write to the customer's orders (migration 20261123200000). */
  version: number;
}

/** A company account (companies module, issue 18). */
export interface CompaniesTable {
  id: string;
  name: string;
  tax_id: string | null;
  /** JSON text of a ShippingAddress. */
  billing_address: string;
  /** 'net30' | 'net60' | null; set by shop admins only. */
  payment_terms: string | null;
  credit_limit_cents: number | null;
  discount_percent: number | null;
  /** Issue 30: JSON of a TaxExemption, and of the VAT number's last VatCheck (null: never checked). */
  tax_exemption: ColumnType<string | null, string | null | undefined, string | null>;
  vat_check: ColumnType<string | null, string | null | undefined, string | null>;
  created_by: string;
  created_at: string;
  updated_at: string;
}

/** A user's membership: at most one company per user (primary key `user_id`). */
export interface CompanyMembersTable {
  user_id: string;
  company_id: string;
  /** A CompanyRole. */
  role: string;
  /** Per-order limit; null = unlimited. */
  spending_limit_cents: number | null;
  created_at: string;
}

export interface CompanyInvitationsTable {
  id: string;
  company_id: string;
  email: string;
  role: string;
  /** sha-256 hex of the token mailed; the token itself is never stored. */
  token_hash: string;
  invited_by: string;
  created_at: string;
  expires_at: string;
  accepted_at: string | null;
  accepted_by: string | null;
  revoked_at: string | null;
}

export interface CompanyAddressesTable {
  id: string;
  company_id: string;
  label: string;
  /** JSON text of a ShippingAddress. */
  address: string;
  created_at: string;
}

export interface CompanyPricesTable {
  company_id: string;
  product_id: string;
  /** Issue 30: the company's fixed price per piece, 1/10,000 dollar. */
  price_e4: number;
  updated_at: string;
}

/** Issue 19 (migration 20261129000000): API keys; only the secret's sha-256 is kept. */
export interface ApiKeysTable {
  id: string;
  name: string;
  /** Hex sha-256 of the secret. */
  secret_hash: string;
  /** JSON text: a list of shared `ApiKeyScope`s. */
  scopes: string;
  created_by: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

/** Issue 19 (migration 20261130000000): outgoing webhook endpoints; the secret is a signing key, kept as given. */
export interface WebhookEndpointsTable {
  id: string;
  url: string;
  /** JSON text: a list of shared `WebhookEvent`s. */
  events: string;
  /** `whsec_` + base64 of 24 random bytes: the HMAC key the deliveries are signed with. */
  secret: string;
  /** 1 active, 0 paused (an integer on both engines). */
  active: number;
  created_by: string;
  created_at: string;
}

/** One event for one endpoint: the webhooks' outbox (ADR 0022). */
export interface WebhookDeliveriesTable {
  id: string;
  endpoint_id: string;
  event: string;
  /** JSON text of `{ type, timestamp, data }`: exactly the body sent, on every attempt. */
  payload: string;
  /** 'pending' | 'succeeded' | 'failed'. */
  status: string;
  attempts: number;
  last_status_code: number | null;
  last_duration_ms: number | null;
  last_error: string | null;
  /** When it is due (or, while claimed, when its lease ends); null once succeeded or failed. */
  next_attempt_at: string | null;
  created_at: string;
  delivered_at: string | null;
}

/** Issue 33 (migration 20261210000000): a buyer's requisition list; `sharing` 'private' | 'read' | 'edit'. */
export interface ListsTable {
  id: string;
  owner_id: string;
  name: string;
  sharing: string;
  /** The owner's company it is shared with; null while private. */
  company_id: string | null;
  created_at: string;
  updated_at: string;
}

export interface ListItemsTable {
  list_id: string;
  product_id: string;
  quantity: number;
  created_at: string;
  updated_at: string;
}

/** Issue 33 (migration 20261210000100): a PDF attached to a product; `public` 0 shows it only to the companies in `product_document_companies`. */
export interface ProductDocumentsTable {
  id: string;
  product_id: string;
  title: string;
  kind: string;
  size_bytes: number;
  storage_key: string;
  public: number;
  created_by: string;
  created_at: string;
}

export interface ProductDocumentCompaniesTable {
  document_id: string;
  company_id: string;
}

/** Issue 33 (migration 20261210000200): an admin-edited page's text (terms of sale, privacy). */
/** Issue 30 (migration 20270102000000): the seller's identity, one row (`id = 'seller'`). */
export interface SellerSettingsTable {
  id: string;
  legal_name: string;
  address: string;
  region: string | null;
  country: string;
  tax_number: string | null;
  registration_number: string | null;
  email: string;
  phone: string;
  time_zone: string;
  updated_by: string;
  updated_at: string;
}

export interface SitePagesTable {
  slug: string;
  title: string;
  body: string;
  updated_by: string;
  updated_at: string;
}

/** Issue 32 (migration 20261211000100, punchout module): a company's punchout setup; secrets as scrypt hashes only. */
export interface PunchoutConfigsTable {
  company_id: string;
  protocol: string;
  from_domain: string | null;
  from_identity: string | null;
  /** Lower-cased `domain\nidentity` of the From credential (unique). */
  from_key: string | null;
  sender_domain: string | null;
  sender_identity: string | null;
  shared_secret_hash: string | null;
  oci_username: string | null;
  /** Lower-cased OCI user name (unique). */
  oci_username_key: string | null;
  oci_password_hash: string | null;
  /** JSON text: a list of origins. */
  allowed_return_origins: string;
  member_user_id: string;
  /** JSON text of a ShippingAddress, or null. */
  ship_to: string | null;
  system_name: string | null;
  created_at: string;
  updated_at: string;
  updated_by: string;
}

/** One punchout from its setup to its returned cart; the start link's token only as its sha-256. */
export interface PunchoutSessionsTable {
  id: string;
  token_hash: string;
  company_id: string;
  protocol: string;
  operation: string;
  buyer_cookie: string | null;
  return_url: string;
  return_target: string | null;
  /** JSON text: the setup's From, To and Sender credentials and user agent (the cart's header mirrors them). */
  header: string | null;
  user_email: string | null;
  /** JSON text: the lines of an `edit`/`inspect` setup's cart (`[{ sku, quantity }]`). */
  items: string | null;
  created_at: string;
  /** The start link's deadline. */
  expires_at: string;
  started_at: string | null;
  /** The browser session's end. */
  ends_at: string | null;
  returned_at: string | null;
}

/** Every punchout document in and out; `body` is emptied after 90 days. */
export interface PunchoutDocumentsTable {
  id: string;
  direction: string;
  protocol: string;
  type: string;
  company_id: string | null;
  payload_id: string | null;
  status_code: number | null;
  message: string | null;
  order_id: string | null;
  created_at: string;
  body: string | null;
}

/** A buyer's `orderID` per company: one order however often it is sent. */
export interface PunchoutOrdersTable {
  company_id: string;
  buyer_order_id: string;
  order_id: string;
  payload_id: string | null;
  created_at: string;
}

/** Issue 30: a tax rate (tax module); `region` '' for the whole country; `rate_bp` in basis points. */
export interface TaxRatesTable {
  country: string;
  region: string;
  tax_class: string;
  rate_bp: number;
  name: string;
  updated_at: string;
}

/** `uploads`: one row per file an account uploaded (migration 20261124100000). */
export interface UploadsTable {
  user_id: string;
  /** The storage key (`<sha256>.<ext>`), served at `/uploads/<key>`. */
  key: string;
  bytes: number;
  created_at: string;
}

export interface OurTables {
  tax_rates: TaxRatesTable;
  punchout_configs: PunchoutConfigsTable;
  punchout_sessions: PunchoutSessionsTable;
  punchout_documents: PunchoutDocumentsTable;
  punchout_orders: PunchoutOrdersTable;
  site_pages: SitePagesTable;
  seller_settings: SellerSettingsTable;
  product_documents: ProductDocumentsTable;
  product_document_companies: ProductDocumentCompaniesTable;
  lists: ListsTable;
  list_items: ListItemsTable;
  warehouses: WarehousesTable;
  shipping_methods: ShippingMethodsTable;
  warehouse_stock: WarehouseStockTable;
  shipments: ShipmentsTable;
  shipment_lines: ShipmentLinesTable;
  carriers: CarriersTable;
  returns: ReturnsTable;
  return_lines: ReturnLinesTable;
  credit_notes: CreditNotesTable;
  api_keys: ApiKeysTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  companies: CompaniesTable;
  company_members: CompanyMembersTable;
  company_invitations: CompanyInvitationsTable;
  company_addresses: CompanyAddressesTable;
  company_prices: CompanyPricesTable;
  orders: OrdersTable;
  order_lines: OrderLinesTable;
  events: EventsTable;
  cart_lines: CartLinesTable;
  carts: CartsTable;
  quotes: QuotesTable;
  quote_lines: QuoteLinesTable;
  customer_order_counts: CustomerOrderCountsTable;
  payment_events: PaymentEventsTable;
  profiles: ProfilesTable;
  products: ProductsTable;
  product_attributes: ProductAttributesTable;
  product_facet_counts: ProductFacetCountsTable;
  categories: CategoriesTable;
  reviews: ReviewsTable;
  sequences: SequencesTable;
  mail_outbox: MailOutboxTable;
  rate_limits: RateLimitsTable;
  uploads: UploadsTable;
}

// Kept for modules that need these helpers in their own table types.
export type { ColumnType, Generated };
