import {
  centsToDollars,
  dollarsToCents,
  formatQuantity,
  isObjectId,
  type Product,
  type ProductInput,
  type ProductListQuery,
  type ProductPatch,
} from '@bulkparts/shared';
import { AppError, notFound } from '../../lib/errors.js';
import { newId, nowIso } from '../../lib/ids.js';
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
    async list(query: ProductListQuery, includeArchived = false): Promise<{ items: Product[]; total: number }> {
      const filter = {
        q: query.q || undefined,
        sort: query.sort,
        limit: query.limit,
        offset: (query.page - 1) * query.limit,
        includeArchived: includeArchived === true,
      };
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

function toCents(dollars: number): number {
  const cents = dollarsToCents(dollars);
  if (cents === null) throw new AppError('VALIDATION_FAILED', 'Price can have at most two decimals', { price: 'Price can have at most two decimals' });
  return cents;
}

/** The admin side of the catalogue: add, edit, adjust stock, delete (or archive). */
export function createProductsAdminService(repo: ProductsRepository) {
  async function get(id: string): Promise<ProductRow> {
    const row = isObjectId(id) ? await repo.findById(id) : undefined;
    if (!row) throw notFound('Product');
    return row;
  }
  return {
    async create(input: ProductInput): Promise<Product> {
      const now = nowIso();
      const row: ProductRow = {
        id: newId(),
        position: await repo.nextPosition(),
        name: input.name,
        name_lower: input.name.toLowerCase(),
        description: input.description,
        price_cents: toCents(input.price),
        minimum_order_quantity: input.minimumOrderQuantity,
        available_quantity: input.availableQuantity,
        img: input.img,
        archived: 0,
        created_at: now,
        updated_at: now,
      };
      await repo.insert(row);
      return toProductJson(row);
    },

    async update(id: string, patch: ProductPatch): Promise<Product> {
      await get(id);
      const values: Partial<Omit<ProductRow, 'id'>> = { updated_at: nowIso() };
      if (patch.name !== undefined) Object.assign(values, { name: patch.name, name_lower: patch.name.toLowerCase() });
      if (patch.description !== undefined) values.description = patch.description;
      if (patch.price !== undefined) values.price_cents = toCents(patch.price);
      if (patch.minimumOrderQuantity !== undefined) values.minimum_order_quantity = patch.minimumOrderQuantity;
      if (patch.availableQuantity !== undefined) values.available_quantity = patch.availableQuantity;
      if (patch.img !== undefined) values.img = patch.img;
      if (patch.archived !== undefined) values.archived = patch.archived ? 1 : 0;
      // Stock is set only if it is still what the editor saw: orders placed (or cancelled) since
      // then would otherwise be undone, selling pieces twice or hiding returned ones.
      const expected = patch.availableQuantity !== undefined ? patch.expectedAvailableQuantity : undefined;
      if (!(await repo.update(id, values, expected))) {
        const now = (await get(id)).available_quantity;
        const message = `Stock changed since you opened this product (now ${formatQuantity(now)})`;
        throw new AppError('CONFLICT', message, { availableQuantity: message });
      }
      return toProductJson(await get(id));
    },

    async adjustStock(id: string, delta: number): Promise<Product> {
      await get(id);
      if (!(await repo.adjustStock(id, delta, nowIso()))) throw new AppError('INSUFFICIENT_STOCK', 'Stock cannot go below 0');
      return toProductJson(await get(id));
    },

    /** A product with orders is archived (order history stays whole); otherwise it is deleted. */
    async remove(id: string): Promise<{ deleted: boolean; archived: boolean }> {
      await get(id);
      if (await repo.hasOrders(id)) {
        await repo.update(id, { archived: 1, updated_at: nowIso() });
        return { deleted: false, archived: true };
      }
      await repo.delete(id);
      return { deleted: true, archived: false };
    },
  };
}
