import { newId } from '../../src/lib/ids.js';

/**
 * Who may call which route. The access matrix (access-matrix.test.ts) reads every route from
 * Fastify's route table and fails when one is missing here, so no new route escapes review.
 *
 * To add a route: add `'<METHOD> <url as registered>': { access, path? }`.
 *   access 'public'  anonymous, customers and admins all get through (any status but 401/403/5xx)
 *          'user'    anonymous → 401; customer and admin get through
 *          'admin'   anonymous → 401; customer → 403; admin gets through
 *          'owner'   like 'user', and customer B asking for customer A's resource → 403 or 404
 *          'self'    like 'owner', but admins are refused too (only the user themself)
 *   path    builds the concrete URL (default: the pattern with `:id` → a random id). For 'owner'
 *           rows it receives the owner (customer A) so it can name A's resource.
 * "Gets through" means the guard let the request reach the handler: 2xx, or a 4xx other than
 * 401/403 (a 400 for the empty body or a 404 for a random id is fine; no bodies are sent).
 *
 * Company accounts (issue 18): the matrix builds company A (its admin, an approver, a buyer with a
 * $1 spending limit and two of that buyer's orders awaiting approval) and company B (an admin).
 * Company routes check membership in the handler, after the body is validated, so their rows send
 * a valid body: a refusal is then the guard's, not validation's. 'customer' is customer A (in no
 * company), 'shop admin' the shop's admin (in no company).
 *   access 'company-member'   anonymous → 401; company A's admin, approver and buyer and the shop
 *                             admin get through; customer and company B's admin → 404
 *          'company-admin'    like 'company-member', but A's approver and buyer → 403
 *          'company-admin-only' like 'company-admin', but the shop admin → 403 too (the company's
 *                             own addresses)
 *          'company-shop-admin' only the shop admin gets through: A's members → 403, customer and
 *                             B's admin → 404 (the company stays hidden from outsiders)
 *          'company-approver' an order of A's buyer awaiting approval: A's approver and admin get
 *                             through; the buyer themself → 403; customer, B's admin and the shop
 *                             admin → 404 (anonymous → 401). The allowed callers go last.
 *          'shop-admin-only'  anonymous → 401; everyone but the shop admin → 403, company admins too
 */
export type Access =
  | 'public'
  | 'user'
  | 'admin'
  | 'owner'
  | 'self'
  | 'company-member'
  | 'company-admin'
  | 'company-admin-only'
  | 'company-shop-admin'
  | 'company-approver'
  | 'shop-admin-only';

/** Company A's ids (see above), for the company rows' paths. */
export interface CompanyContext {
  id: string;
  /** company B: its admin is the "member of another company" */
  otherId: string;
  /** a member of A the matrix edits and then removes */
  spareMemberId: string;
  /** an open invitation of A (revoked by the matrix) */
  invitationId: string;
  /** an address of A (deleted by the matrix) */
  addressId: string;
  /** two orders of A's buyer awaiting approval: one approved, one rejected by the matrix */
  approveOrderId: string;
  rejectOrderId: string;
}

export interface AccessContext {
  productId: string;
  /** customer A: owns `reviewId` (when reviews exist) and orders */
  owner: { id: string; email: string };
  /** customer A's pending order (read and paid by the matrix) */
  orderId: string;
  /** another of customer A's pending orders (cancelled by the matrix) */
  cancelOrderId: string;
  /** customer A's requested quote (withdrawn by the matrix on the way) */
  quoteId: string;
  /** issue 33: customer A's private requisition lists (the second deleted by the matrix) */
  listId: string;
  listToDeleteId: string;
  randomId: string;
  company: CompanyContext;
}

export interface AccessRow {
  access: Access;
  path?: (ctx: AccessContext) => string;
  /** A JSON body to send (default: none). */
  body?: (ctx: AccessContext) => unknown;
}

export const MATRIX_ADDRESS = { name: 'Ada Matrix', line1: '1 Mill Road', city: 'Leeds', postalCode: 'LS1 4AB', country: 'United Kingdom' };

export const accessTable: Record<string, AccessRow> = {
  // operations
  'GET /api/health': { access: 'public' },
  'GET /api/ready': { access: 'public' },
  // loopback-only or token (see plugins/metrics.ts); inject comes from 127.0.0.1
  'GET /metrics': { access: 'public' },
  // the API's own description (plugins/openapi.ts, ADR 0019): the OpenAPI document and Swagger UI with its assets
  'GET /api/openapi.json': { access: 'public' },
  'GET /api/docs': { access: 'public' },
  'GET /api/docs/json': { access: 'public' },
  'GET /api/docs/yaml': { access: 'public' },
  'GET /api/docs/static/index.html': { access: 'public' },
  'GET /api/docs/static/swagger-initializer.js': { access: 'public' },
  'GET /api/docs/static/*': { access: 'public', path: () => '/api/docs/static/swagger-ui.css' },

  // auth: better-auth owns /api/auth/*; one row: reachable by everybody (it answers 4xx itself)
  'GET /api/auth/*': { access: 'public', path: () => '/api/auth/get-session' },
  'POST /api/auth/*': { access: 'public', path: () => '/api/auth/sign-in/email', body: () => ({}) },
  'GET /api/auth-config': { access: 'public' },

  // catalogue
  'GET /api/service': { access: 'public' },
  'GET /api/service/:id': { access: 'public', path: (c) => `/api/service/${c.productId}` },
  'GET /api/service/facets': { access: 'public' },
  'POST /api/service': { access: 'admin' },
  'PATCH /api/service/:id': { access: 'admin' },
  'POST /api/service/:id/stock': { access: 'admin' },
  'DELETE /api/service/:id': { access: 'admin' },
  // issue 33: product documents; sent no file, the upload is a 400 for the admin; a random document is a 404 (the URL too: for anyone who may not see it)
  'POST /api/service/:id/documents': { access: 'admin', path: (c) => `/api/service/${c.productId}/documents` },
  'DELETE /api/service/:id/documents/:documentId': { access: 'admin' },
  'GET /api/service/:id/documents/:documentId': { access: 'public' },
  // issue 19: stock set from outside (an admin, or an API key with stock:write; keys have their own matrix in test/api-keys)
  'PATCH /api/service/:id/stock': { access: 'admin' },
  'POST /api/stock': { access: 'admin' },
  // issue 31: warehouses and each product's counts per warehouse (no body: a 400; a random id: a 404)
  'GET /api/service/:id/stock': { access: 'admin' },
  // issue 30: tax rates (shop admins; no body: a 400) and the tax context a buyer's checkout plans with
  'GET /api/tax/rates': { access: 'admin' },
  'PUT /api/tax/rates': { access: 'admin' },
  'GET /api/tax/context': { access: 'user', path: () => '/api/tax/context?country=DE' },
  'GET /api/warehouses': { access: 'admin' },
  'POST /api/warehouses': { access: 'admin' },
  'PATCH /api/warehouses/:id': { access: 'admin' },
  // issue 30: the shop's shipping methods (no body: a 400) and the options for the caller's own cart (no country: a 400)
  'GET /api/shipping/methods': { access: 'admin' },
  'PUT /api/shipping/methods': { access: 'admin' },
  'GET /api/cart/shipping-options': { access: 'user' },
  // API keys: shop admins only (no body: a 400; a random id: a 404)
  'POST /api/api-keys': { access: 'admin' },
  'GET /api/api-keys': { access: 'admin' },
  'DELETE /api/api-keys/:id': { access: 'admin' },
  // Outgoing webhooks (issue 19): shop admins only (no body: a 400; a random id: a 404)
  'POST /api/webhooks': { access: 'admin' },
  'GET /api/webhooks': { access: 'admin' },
  'GET /api/webhooks/:id': { access: 'admin' },
  'PATCH /api/webhooks/:id': { access: 'admin' },
  'DELETE /api/webhooks/:id': { access: 'admin' },
  'GET /api/webhooks/:id/deliveries': { access: 'admin' },
  'POST /api/webhooks/:id/deliveries/:deliveryId/resend': { access: 'admin' },
  // CSV (product-csv.routes.ts): sent no body, the import answers 415 to an admin
  'POST /api/service/import': { access: 'admin', path: () => '/api/service/import?dryRun=true' },
  'GET /api/service/export.csv': { access: 'admin' },
  'GET /api/categories': { access: 'public' },
  // no body: the admin gets a 400 (name required); a random slug is a 404 for PATCH and DELETE
  'POST /api/categories': { access: 'admin' },
  'PATCH /api/categories/:slug': { access: 'admin', path: (c) => `/api/categories/no-such-${c.randomId}` },
  'DELETE /api/categories/:slug': { access: 'admin', path: (c) => `/api/categories/no-such-${c.randomId}` },

  // users
  'GET /api/user': { access: 'admin' },
  'PUT /api/user/admin/:email': { access: 'admin', path: () => '/api/user/admin/nobody%40example.com' },
  'DELETE /api/user/admin/:email': { access: 'admin', path: () => '/api/user/admin/nobody%40example.com' },
  'DELETE /api/user/:id': { access: 'admin' },
  'PUT /api/user/:email': { access: 'self', path: (c) => `/api/user/${encodeURIComponent(c.owner.email)}` },
  'GET /api/admin/:email': { access: 'owner', path: (c) => `/api/admin/${encodeURIComponent(c.owner.email)}` },
  'GET /api/admin/overview': { access: 'admin' },
  // issue 33: the operator's inbox and All Product's list
  'GET /api/admin/inbox': { access: 'admin' },
  'GET /api/admin/products': { access: 'admin' },

  // profiles and uploads
  'GET /api/profile': { access: 'user' },
  'POST /api/profile': { access: 'user' },
  'POST /api/profile/photo': { access: 'user' },
  'POST /api/uploads': { access: 'admin' },
  'GET /uploads/:key': { access: 'public', path: () => '/uploads/missing.webp' },

  // reviews
  'GET /api/review': { access: 'public' },
  'POST /api/review': { access: 'user' },
  'DELETE /api/review/:id': { access: 'admin' },

  // orders and payments
  'GET /api/purchase/export.csv': { access: 'admin' },
  'POST /api/purchase': { access: 'user' },
  'GET /api/purchase': { access: 'owner', path: (c) => `/api/purchase?order=${encodeURIComponent(c.owner.email)}` },
  'GET /api/purchase/:id': { access: 'owner', path: (c) => `/api/purchase/${c.orderId}` },
  // customer A cancels first (200); the admin then gets a 409 for the cancelled order (gets through)
  'DELETE /api/purchase/:id': { access: 'owner', path: (c) => `/api/purchase/${c.cancelOrderId}` },
  'PATCH /api/purchase/:id': { access: 'admin', path: (c) => `/api/purchase/${c.orderId}` },
  // only the buyer pays (admins get the 404 everyone else gets); the empty body is a 400 for the buyer
  'POST /api/purchase/:id/pay': { access: 'self', path: (c) => `/api/purchase/${c.orderId}/pay`, body: () => ({}) },
  'GET /api/purchase/:id/invoice': { access: 'owner', path: (c) => `/api/purchase/${c.orderId}/invoice` },
  // issue 29: only the buyer gives the order's ship-to (admins get the 404 everyone else gets); a valid address: 200 for the buyer
  'PATCH /api/purchase/:id/shipping-address': {
    access: 'self',
    path: (c) => `/api/purchase/${c.orderId}/shipping-address`,
    body: () => MATRIX_ADDRESS,
  },
  // issue 31: shipments. Admins (or orders:write keys) ship and deliver (no body: a 400; a random id: a 404);
  // whoever reads the order reads its shipments; a packing slip's order is checked in the handler (a random id: 404
  // for everyone signed in; shipments.test.ts proves another buyer gets 404 for a real one).
  'POST /api/purchase/:id/shipments': { access: 'admin', path: (c) => `/api/purchase/${c.orderId}/shipments` },
  'GET /api/purchase/:id/shipments': { access: 'owner', path: (c) => `/api/purchase/${c.orderId}/shipments` },
  'POST /api/shipments/:id/delivered': { access: 'admin' },
  'GET /api/shipments/:id/packing-slip': { access: 'user' },
  // issue 31: returns. Only the buyer (or their company's admin) asks (customer A's order has nothing shipped: a 409 that got
  // through; admins get the 404 everyone else gets); who sees a return or a credit note is checked in the handler (a random id:
  // 404 for everyone signed in; returns.test.ts proves another buyer gets 404 for a real one); shop admins decide and receive.
  'POST /api/purchase/:id/returns': {
    access: 'self',
    path: (c) => `/api/purchase/${c.orderId}/returns`,
    body: (c) => ({ lines: [{ productId: c.productId, quantity: 1, reason: 'Matrix' }] }),
  },
  'GET /api/returns': { access: 'user' },
  'GET /api/returns/:id': { access: 'user' },
  'POST /api/returns/:id/approve': { access: 'admin' },
  'POST /api/returns/:id/reject': { access: 'admin' },
  'POST /api/returns/:id/receive': { access: 'admin' },
  'POST /api/returns/:id/refund': { access: 'admin' },
  'GET /api/credit-notes/:id/pdf': { access: 'user' },
  'GET /api/carriers': { access: 'admin' },
  'PUT /api/carriers': { access: 'admin' },
  // the cart is the caller's own (no id of anyone else's in the URL): 'user'; no body is a 400 that got through
  'GET /api/cart': { access: 'user' },
  'DELETE /api/cart': { access: 'user' },
  'POST /api/cart/lines': { access: 'user' },
  // issue 33: the quick order grid's preview writes nothing; no body is a 400 that got through
  'POST /api/cart/lines/preview': { access: 'user' },
  'PUT /api/cart/lines/:productId': { access: 'user', path: (c) => `/api/cart/lines/${c.productId}` },
  'DELETE /api/cart/lines/:productId': { access: 'user', path: (c) => `/api/cart/lines/${c.productId}` },
  'POST /api/cart/checkout': { access: 'user', body: () => ({}) },
  // only the buyer puts an order back into their cart (admins get the 404 everyone else gets)
  'POST /api/purchase/:id/reorder': { access: 'self', path: (c) => `/api/purchase/${c.orderId}/reorder` },
  // requisition lists (issue 33): the owner's alone (shop admins get the 404 everyone else gets); no body is a 400 that got through
  'GET /api/lists': { access: 'user' },
  'POST /api/lists': { access: 'user' },
  'GET /api/lists/:id': { access: 'self', path: (c) => `/api/lists/${c.listId}` },
  'PATCH /api/lists/:id': { access: 'self', path: (c) => `/api/lists/${c.listId}`, body: () => ({ name: 'Matrix list' }) },
  'DELETE /api/lists/:id': { access: 'self', path: (c) => `/api/lists/${c.listToDeleteId}` },
  'PUT /api/lists/:id/items/:productId': { access: 'self', path: (c) => `/api/lists/${c.listId}/items/${c.productId}`, body: () => ({ quantity: 100 }) },
  'DELETE /api/lists/:id/items/:productId': { access: 'self', path: (c) => `/api/lists/${c.listId}/items/${c.productId}` },
  // requests for quote: only the buyer and admins see one (others get 404); only the buyer decides on it
  'GET /api/quotes': { access: 'user' },
  'POST /api/quotes': { access: 'user' },
  'GET /api/quotes/:id': { access: 'owner', path: (c) => `/api/quotes/${c.quoteId}` },
  'GET /api/quotes/:id/pdf': { access: 'owner', path: (c) => `/api/quotes/${c.quoteId}/pdf` },
  // no body: the admin gets a 400
  'PATCH /api/quotes/:id': { access: 'admin', path: (c) => `/api/quotes/${c.quoteId}` },
  // customer A's quote is requested: accept and decline are 409 for A, withdraw 200 (then 409); admins get 403
  'POST /api/quotes/:id/accept': { access: 'self', path: (c) => `/api/quotes/${c.quoteId}/accept` },
  'POST /api/quotes/:id/decline': { access: 'self', path: (c) => `/api/quotes/${c.quoteId}/decline` },
  'POST /api/quotes/:id/withdraw': { access: 'self', path: (c) => `/api/quotes/${c.quoteId}/withdraw` },
  // company accounts (issue 18): approving is for A's approvers and admins, never the buyer, nobody else sees the order
  'POST /api/purchase/:id/approve': { access: 'company-approver', path: (c) => `/api/purchase/${c.company.approveOrderId}/approve` },
  'POST /api/purchase/:id/reject': {
    access: 'company-approver',
    path: (c) => `/api/purchase/${c.company.rejectOrderId}/reject`,
    body: () => ({ reason: 'Matrix' }),
  },
  // the approved (now pending) order: 409 for the shop admin, who got through
  'POST /api/purchase/:id/mark-paid': {
    access: 'shop-admin-only',
    path: (c) => `/api/purchase/${c.company.approveOrderId}/mark-paid`,
    body: () => ({ reference: 'MATRIX-1' }),
  },
  // no body: a 400 for anyone signed in (a customer creating a company here would change the fixture)
  'POST /api/companies': { access: 'user' },
  'GET /api/companies/me': { access: 'user' },
  'GET /api/companies': { access: 'shop-admin-only' },
  'GET /api/companies/:id': { access: 'company-member', path: (c) => `/api/companies/${c.company.id}` },
  'PATCH /api/companies/:id': { access: 'company-admin', path: (c) => `/api/companies/${c.company.id}`, body: () => ({ name: 'Matrix Company A' }) },
  'GET /api/companies/:id/members': { access: 'company-member', path: (c) => `/api/companies/${c.company.id}/members` },
  'PATCH /api/companies/:id/members/:userId': {
    access: 'company-admin',
    path: (c) => `/api/companies/${c.company.id}/members/${c.company.spareMemberId}`,
    body: () => ({ spendingLimit: 500 }),
  },
  // A's admin removes the spare member (204); the shop admin then gets a 404 (got through)
  'DELETE /api/companies/:id/members/:userId': { access: 'company-admin', path: (c) => `/api/companies/${c.company.id}/members/${c.company.spareMemberId}` },
  'GET /api/companies/:id/invitations': { access: 'company-admin', path: (c) => `/api/companies/${c.company.id}/invitations` },
  'POST /api/companies/:id/invitations': {
    access: 'company-admin',
    path: (c) => `/api/companies/${c.company.id}/invitations`,
    body: () => ({ email: `matrix.invite.${newId()}@example.com`, role: 'buyer' }),
  },
  'DELETE /api/companies/:id/invitations/:invitationId': {
    access: 'company-admin',
    path: (c) => `/api/companies/${c.company.id}/invitations/${c.company.invitationId}`,
  },
  // the link in the mail: anyone holding it (a random token is a 404); accepting needs a session
  'GET /api/invitations/:token': { access: 'public' },
  'POST /api/invitations/:token/accept': { access: 'user' },
  'GET /api/companies/:id/addresses': { access: 'company-member', path: (c) => `/api/companies/${c.company.id}/addresses` },
  // the company's own addresses: its admins only (a shop admin sets terms and prices, not addresses)
  'POST /api/companies/:id/addresses': {
    access: 'company-admin-only',
    path: (c) => `/api/companies/${c.company.id}/addresses`,
    body: () => ({ label: 'Matrix', address: MATRIX_ADDRESS }),
  },
  'DELETE /api/companies/:id/addresses/:addressId': {
    access: 'company-admin-only',
    path: (c) => `/api/companies/${c.company.id}/addresses/${c.company.addressId}`,
  },
  'GET /api/companies/:id/prices': { access: 'company-member', path: (c) => `/api/companies/${c.company.id}/prices` },
  'PUT /api/companies/:id/prices/:productId': {
    access: 'company-shop-admin',
    path: (c) => `/api/companies/${c.company.id}/prices/${c.productId}`,
    body: () => ({ price: 1 }),
  },
  'DELETE /api/companies/:id/prices/:productId': { access: 'company-shop-admin', path: (c) => `/api/companies/${c.company.id}/prices/${c.productId}` },
  // Issue 32: a company's punchout setup is the shop admins' (its members 403, outsiders 404, as its prices); a valid body, so the guard decides
  'GET /api/companies/:id/punchout': { access: 'company-shop-admin', path: (c) => `/api/companies/${c.company.id}/punchout` },
  'PUT /api/companies/:id/punchout': {
    access: 'company-shop-admin',
    path: (c) => `/api/companies/${c.company.id}/punchout`,
    body: () => ({
      protocol: 'oci',
      ociUsername: 'matrix-oci',
      ociPassword: 'matrix-password',
      allowedReturnOrigins: ['https://buyer.example'],
      memberEmail: 'nobody@example.com',
    }),
  },
  'DELETE /api/companies/:id/punchout': { access: 'company-shop-admin', path: (c) => `/api/companies/${c.company.id}/punchout` },
  // the punchout log: shop admins; the punchout bar: any session (a customer's is no punchout: 404)
  'GET /api/punchout/documents': { access: 'admin' },
  'GET /api/punchout/documents/:id': { access: 'admin' },
  'GET /api/punchout/session': { access: 'user' },
  // procurement systems: authenticated by the document's credentials, not a session (no body: a 400 cXML Status)
  'POST /punchout/cxml/setup': { access: 'public' },
  'POST /punchout/cxml/order': { access: 'public' },
  // a browser with a start link (a random one: 404) or OCI's login fields (none: 400)
  'GET /punchout/start/:token': { access: 'public' },
  'GET /punchout/oci': { access: 'public' },
  'POST /punchout/oci': { access: 'public' },
  // the cart's return page: a punchout session's (a customer's session has none to return: 409)
  'POST /punchout/return': { access: 'user' },
  // issue 33: the terms of sale and privacy texts (a random slug is a 404; no body a 400 for the admin)
  'GET /api/pages/:slug': { access: 'public', path: () => '/api/pages/terms' },
  'PUT /api/pages/:slug': { access: 'admin', path: () => '/api/pages/privacy' },
  // issue 30: the seller's identity (its public part is GET /api/auth-config's contact)
  'GET /api/settings/seller': { access: 'admin' },
  'PUT /api/settings/seller': { access: 'admin' },
  'GET /api/payment-config': { access: 'public' },
  // authenticated by the provider's signature, not a session: anyone may call, unsigned calls are 400
  'POST /api/payments/webhook': { access: 'public', body: () => ({}) },
};

/**
 * better-auth's own routes behind `/api/auth/*` (one catch-all in Fastify's table). The matrix
 * lists better-auth's router (`app.auth.api`) and fails when a path is missing here; the fuzzer
 * sends malformed bodies to each. Keys: `<METHOD> <better-auth path>`.
 *   'public'  no session needed: nobody is refused with 403 (a wrong password or code is a 401
 *             for anybody), never a 5xx
 *   'user'    anonymous never succeeds (401, or 400 where better-auth validates the body first);
 *             a signed-in customer gets through (not 401/403/5xx)
 *   'off'     not enabled in the shop: nobody gets a 2xx
 * `body` is a plausible body, so that the guard, not validation, decides for anonymous callers.
 * Customer calls use a throwaway account (sign-out, revoke, change-password… may end it).
 */
export interface AuthRouteRow {
  access: 'public' | 'user' | 'off';
  body?: Record<string, unknown>;
  query?: string;
}

export const authRouteTable: Record<string, AuthRouteRow> = {
  'POST /sign-up/email': { access: 'public', body: { name: 'Matrix', email: 'matrix.signup@example.com', password: 'correct-horse-9' } },
  'POST /sign-in/email': { access: 'public', body: { email: 'nobody@example.com', password: 'wrong-password' } },
  'POST /sign-in/social': { access: 'public', body: { provider: 'google' } },
  'POST /sign-out': { access: 'public', body: {} },
  'GET /get-session': { access: 'public' },
  'POST /get-session': { access: 'public', body: {} },
  'GET /ok': { access: 'public' },
  'GET /error': { access: 'public' },
  'POST /request-password-reset': { access: 'public', body: { email: 'nobody@example.com', redirectTo: '/reset-password' } },
  'POST /reset-password': { access: 'public', body: { newPassword: 'brand-new-pass-2', token: 'not-a-token' } },
  'GET /reset-password/:token': { access: 'public', query: '?callbackURL=%2Freset-password' },
  'GET /verify-email': { access: 'public', query: '?token=not-a-token' },
  'POST /send-verification-email': { access: 'public', body: { email: 'nobody@example.com' } },
  // Continue with Google (generic OAuth goes through the core social routes in better-auth 1.7)
  'GET /callback/:id': { access: 'public' },
  'POST /callback/:id': { access: 'public', body: {} },
  'GET /delete-user/callback': { access: 'off', query: '?token=not-a-token' },
  'POST /update-user': { access: 'user', body: { name: 'Renamed' } },
  'POST /change-password': { access: 'user', body: { currentPassword: 'wrong-password', newPassword: 'brand-new-pass-2' } },
  'POST /change-email': { access: 'off', body: { newEmail: 'changed@example.com' } },
  'POST /delete-user': { access: 'off', body: {} },
  'GET /list-sessions': { access: 'user' },
  'POST /revoke-session': { access: 'user', body: { token: 'not-a-token' } },
  'POST /revoke-sessions': { access: 'user', body: {} },
  'POST /revoke-other-sessions': { access: 'user', body: {} },
  'POST /update-session': { access: 'user', body: {} },
  'GET /list-accounts': { access: 'user' },
  'GET /account-info': { access: 'user' },
  'POST /unlink-account': { access: 'user', body: { providerId: 'google' } },
  'POST /link-social': { access: 'user', body: { provider: 'google' } },
  'POST /get-access-token': { access: 'user', body: { providerId: 'google' } },
  'POST /refresh-token': { access: 'user', body: { providerId: 'google' } },
  'POST /verify-password': { access: 'user', body: { password: 'wrong-password' } },
  'POST /two-factor/enable': { access: 'user', body: { password: 'wrong-password' } },
  'POST /two-factor/disable': { access: 'user', body: { password: 'wrong-password' } },
  'POST /two-factor/get-totp-uri': { access: 'user', body: { password: 'wrong-password' } },
  'POST /two-factor/generate-backup-codes': { access: 'user', body: { password: 'wrong-password' } },
  // second-factor checks run on the pending sign-in cookie, not a session: anyone may call
  'POST /two-factor/verify-totp': { access: 'public', body: { code: '000000' } },
  'POST /two-factor/verify-backup-code': { access: 'public', body: { code: 'AAAAA-AAAAA' } },
  'POST /two-factor/send-otp': { access: 'public', body: {} },
  'POST /two-factor/verify-otp': { access: 'public', body: { code: '000000' } },
  // The OpenAPI plugin only describes the endpoints to our document (plugins/openapi-auth.ts): its own are `disabledPaths`.
  'GET /open-api/generate-schema': { access: 'off' },
  'GET /reference': { access: 'off' },
};
