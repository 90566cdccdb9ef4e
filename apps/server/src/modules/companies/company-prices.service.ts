import { dollarsToE4, e4ToDollars, type CompanyPrice } from '@bulkparts/shared';
import { notFound } from '../../lib/errors.js';
import type { SessionUser } from '../../lib/session-user.js';
import type { CatalogueCache } from '../products/catalogue-cache.js';
import type { ProductsService } from '../products/products.service.js';
import type { CompanyAccessRules } from './company-access.js';
import type { CompanyPricesRepository, PriceRow } from './company-addresses.repository.js';

export interface CompanyPricesDeps {
  repos: { prices: CompanyPricesRepository };
  /** A fixed price names an existing product; its list price and name are shown beside it. */
  products: Pick<ProductsService, 'findMany'>;
  /** Cleared after a company's fixed prices change (members' catalogue answers hold them). */
  catalogueCache: Pick<CatalogueCache, 'clear'>;
  now?: () => Date;
  access: CompanyAccessRules;
}

/** Company prices (issue 18): a shop admin fixes a product's price for one company; its members see it. */
export function createCompanyPricesService({ repos, products, catalogueCache, now = () => new Date(), access }: CompanyPricesDeps) {
  async function pricesJson(rows: readonly PriceRow[]): Promise<CompanyPrice[]> {
    const found = new Map((await products.findMany(rows.map((r) => r.product_id))).map((p) => [p.id, p]));
    // A price whose product was deleted since (never ordered) is no longer shown.
    return rows.flatMap((r) => {
      const product = found.get(r.product_id);
      if (!product) return [];
      return [
        {
          productId: r.product_id,
          sku: product.sku,
          name: product.name,
          price: e4ToDollars(Number(r.price_e4)),
          listPrice: e4ToDollars(Number(product.price_e4)),
        },
      ];
    });
  }

  return {
    /** `GET /api/companies/:id/prices`: the company's fixed prices beside the list prices. */
    async prices(id: string, user: SessionUser): Promise<CompanyPrice[]> {
      await access.seen(id, user);
      return pricesJson(await repos.prices.list(id));
    },

    /** `PUT /api/companies/:id/prices/:productId` (shop admins): the product must exist. */
    async setPrice(id: string, productId: string, price: number, user: SessionUser): Promise<CompanyPrice> {
      await access.shopAdmin(id, user);
      const [product] = await products.findMany([productId]);
      if (!product) throw notFound('Product');
      // The shared schemas allow two decimals only, so this never drops a cent.
      const row: PriceRow = { company_id: id, product_id: productId, price_e4: dollarsToE4(price)!, updated_at: now().toISOString() };
      await repos.prices.upsert(row);
      catalogueCache.clear();
      return (await pricesJson([row]))[0]!;
    },

    /** `DELETE /api/companies/:id/prices/:productId` (shop admins); removing a price that is not there is no error. */
    async removePrice(id: string, productId: string, user: SessionUser): Promise<void> {
      await access.shopAdmin(id, user);
      if (await repos.prices.remove(id, productId)) catalogueCache.clear();
    },
  };
}
