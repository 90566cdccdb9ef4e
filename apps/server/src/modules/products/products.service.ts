import { centsToDollars, isObjectId, type Product, type ProductListQuery } from '@bulkparts/shared';
import { notFound } from '../../lib/errors.js';
import type { ProductRow, ProductsRepository } from './products.repository.js';

export function toProductJson(row: ProductRow): Product {
  return {
    _id: row.id,
    name: row.name,
    description: row.description,
    price: centsToDollars(row.price_cents),
    minimumOrderQuantity: row.minimum_order_quantity,
    availableQuantity: row.available_quantity,
    img: row.img,
    archived: row.archived === 1,
  };
}

export function createProductsService(repo: ProductsRepository) {
  return {
    async list(query: ProductListQuery): Promise<{ items: Product[]; total: number }> {
      const filter = { q: query.q || undefined, sort: query.sort, limit: query.limit, offset: (query.page - 1) * query.limit };
      const [rows, total] = await Promise.all([repo.list(filter), repo.count(filter)]);
      return { items: rows.map(toProductJson), total };
    },

    /** Archived products stay readable by id so order history and old links keep working. */
    async get(id: string): Promise<Product> {
      const row = isObjectId(id) ? await repo.findById(id) : undefined;
      if (!row) throw notFound('Product');
      return toProductJson(row);
    },
  };
}

export type ProductsService = ReturnType<typeof createProductsService>;
