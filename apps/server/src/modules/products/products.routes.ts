import {
  adminProductListQuerySchema,
  type Product,
  type ProductDocument,
  idParamsSchema,
  productInputSchema,
  productListQuerySchema,
  productFacetsSchema,
  productPatchSchema,
  productSchema,
  stockAdjustmentSchema,
  TOTAL_COUNT_HEADER,
} from '@bulkparts/shared';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { forbidden, unauthenticated } from '../../lib/errors.js';
import { type ApiInstance } from '../../lib/validate.js';
import { responseSchema } from '../../lib/zod-json-schema.js';
import { hasSessionCookie, type SessionUser } from '../../lib/session-user.js';
import type { CallerPrices } from './catalogue-search.repository.js';
import { buyerPricesIn, type PriceBook } from './price-book.js';
import type { ProductsAdminService } from './product-admin.service.js';
import { productAsSeenBy, type ProductsService } from './products.service.js';

/** Issue 33: what the product's answer asks of the documents module (declared here, where it is called). */
export interface ProductDocuments {
  audienceOf(user: SessionUser | null): Promise<{ all: true } | { companyId: string | null }>;
  visibleFor(productId: string, user: SessionUser | null): Promise<ProductDocument[]>;
}

/**
 * Issue 18: what the catalogue asks of the companies module (its `CompanyDirectory` implements it),
 * declared here, where it is called: products sits below companies and does not import it.
 */
export interface CallerPriceLists {
  /** A key naming the price list the user sees, or null for list prices; the catalogue cache keys on it. */
  priceListKey(userId: string): Promise<string | null>;
  /** The user's company's prices for these products, or null (no company, or no own prices among them). */
  priceBookFor(userId: string, productIds: readonly string[]): Promise<PriceBook | null>;
  /** The user's company's whole price list (issue 28: price bounds and ranges); absent: list prices there. */
  priceListFor?(userId: string): Promise<PriceBook | null>;
}

/** `/api/service`: the spec's name for the product catalogue. Writes are for admins. */
export default async function productsRoutes(
  app: ApiInstance,
  opts: {
    products: ProductsService;
    admin: ProductsAdminService;
    companies?: CallerPriceLists;
    /** Issue 33: the product's documents the caller may see (the documents module). */
    documents?: ProductDocuments;
  },
) {
  const { products: service, admin, companies, documents } = opts;

  /** Issue 18: the price list a signed-in member sees (null: list prices); the cache keeps its answers apart. */
  async function priceList(request: FastifyRequest): Promise<string | null> {
    if (!companies) return null;
    const user = await request.loadUser();
    return user ? companies.priceListKey(user.id) : null;
  }

  /** Issue 18: a member of a company with own prices sees them (`asSeenBy`), with the catalogue's `listPrice`. */
  async function asSeenByCaller(request: FastifyRequest, items: Product[]): Promise<Product[]> {
    if (!companies || items.length === 0 || !hasSessionCookie(request)) return items;
    const user = await request.loadUser();
    if (!user) return items;
    const book = await companies.priceBookFor(
      user.id,
      items.map((p) => p._id),
    );
    return book ? items.map((p) => productAsSeenBy(p, buyerPricesIn(book, p._id))) : items;
  }

  /** Issue 28: the caller's own prices, which price bounds and the price range use (undefined: list prices). */
  async function callerPrices(request: FastifyRequest): Promise<CallerPrices | undefined> {
    if (!companies?.priceListFor || !hasSessionCookie(request)) return undefined;
    const user = await request.loadUser();
    const book = user ? await companies.priceListFor(user.id) : null;
    return book ? { key: book.companyId, discountPercent: book.discountPercent, fixed: Object.fromEntries(book.fixedE4) } : undefined;
  }

  // Public reads come from the catalogue cache (plugins/response-cache.ts), per price list (a
  // member's company prices); archived listings depend on who asks and are never cached.
  // Issue 19: an API key reads with `catalog:read` (plugins/api-key-auth.ts).
  /**
   * Issue 33: a product's answer lists the documents its caller may see, so the cache keeps one
   * answer per price list and document audience (a shop admin, a company, everyone else).
   */
  const cachedDetail = {
    catalogueCache: {
      variant: async (request: FastifyRequest) => {
        const [prices, audience] = await Promise.all([priceList(request), documents ? documents.audienceOf(await request.loadUser()) : null]);
        const seen = audience === null ? null : 'all' in audience ? 'admin' : audience.companyId;
        return prices === null && seen === null ? null : `${prices ?? ''}|${seen ?? ''}`;
      },
    },
    scope: 'catalog:read' as const,
  };
  const cachedUnlessArchived = {
    catalogueCache: { skip: (request: { url: string }) => request.url.includes('includeArchived'), variant: priceList },
    scope: 'catalog:read' as const,
  };
  // A member's facets are their own too: the price range and price bounds are in their prices (issue 28).
  const cachedFacets = cachedUnlessArchived;
  const catalogWrite = { scope: 'catalog:write' as const };

  /** Archived products are listed (and counted) for admins only. */
  async function allowArchived(request: FastifyRequest, includeArchived: string | undefined): Promise<void> {
    if (includeArchived !== '1') return;
    const user = await request.loadUser();
    if (!user) throw unauthenticated();
    if (user.role !== 'admin') throw forbidden('Only admins can list archived products');
  }

  app.get(
    '/service',
    { config: cachedUnlessArchived, schema: { querystring: productListQuerySchema, response: { 200: responseSchema(z.array(productSchema)) } } },
    async (request, reply) => {
      const { includeArchived, ...query } = request.query;
      await allowArchived(request, includeArchived);
      // The member's prices are needed for the query only when it bounds or sorts by price (a
      // guest's query stays on list prices: callerPrices answers undefined without a session).
      const byPrice = query.minPrice !== undefined || query.maxPrice !== undefined || query.sort === 'price-asc' || query.sort === 'price-desc';
      const prices = byPrice ? await callerPrices(request) : undefined;
      const { items, total } = await service.list(query, includeArchived === '1', prices);
      reply.header(TOTAL_COUNT_HEADER, String(total));
      return asSeenByCaller(request, items);
    },
  );

  // Same query as the list (page, limit and sort are ignored); a static route, so it never reaches /service/:id.
  app.get(
    '/service/facets',
    { config: cachedFacets, schema: { querystring: productListQuerySchema, response: { 200: responseSchema(productFacetsSchema) } } },
    async (request) => {
      const { includeArchived, page: _page, limit: _limit, sort: _sort, ...filters } = request.query;
      await allowArchived(request, includeArchived);
      return service.facets(filters, includeArchived === '1', await callerPrices(request));
    },
  );

  app.get('/service/:id', { config: cachedDetail, schema: { params: idParamsSchema, response: { 200: responseSchema(productSchema) } } }, async (request) => {
    const product = (await asSeenByCaller(request, [await service.get(request.params.id)]))[0]!;
    if (!documents) return product;
    // Only a session's caller is asked for: the cache keeps a cookie-less request's answer for
    // everyone (an API key's too), so it lists the public documents alone.
    const user = hasSessionCookie(request) ? await request.loadUser() : null;
    return { ...product, documents: await documents.visibleFor(product._id, user) };
  });

  // Issue 33: All Product (admins): filters, sortable columns, 50 rows a page; never cached.
  app.get(
    '/admin/products',
    {
      preValidation: app.requireAdmin,
      config: { scope: 'catalog:read' },
      schema: { querystring: adminProductListQuerySchema, response: { 200: responseSchema(z.array(productSchema)) } },
    },
    async (request, reply) => {
      const { items, total } = await admin.list(request.query);
      reply.header(TOTAL_COUNT_HEADER, String(total));
      return items;
    },
  );

  app.post(
    '/service',
    { preValidation: app.requireAdmin, config: catalogWrite, schema: { body: productInputSchema, response: { 201: responseSchema(productSchema) } } },
    async (request, reply) => reply.status(201).send(await admin.create(request.body)),
  );

  app.patch(
    '/service/:id',
    {
      preValidation: app.requireAdmin,
      config: catalogWrite,
      schema: { params: idParamsSchema, body: productPatchSchema, response: { 200: responseSchema(productSchema) } },
    },
    async (request) => admin.update(request.params.id, request.body),
  );

  app.post(
    '/service/:id/stock',
    {
      preValidation: app.requireAdmin,
      config: { scope: 'stock:write' },
      schema: { params: idParamsSchema, body: stockAdjustmentSchema, response: { 200: responseSchema(productSchema) } },
    },
    async (request) => admin.adjustStock(request.params.id, request.body.delta),
  );

  app.delete(
    '/service/:id',
    {
      preValidation: app.requireAdmin,
      config: catalogWrite,
      schema: { params: idParamsSchema, response: { 200: responseSchema(z.object({ deleted: z.boolean(), archived: z.boolean() })) } },
    },
    async (request) => admin.remove(request.params.id),
  );
}
