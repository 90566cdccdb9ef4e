import {
  asSeenBy,
  CART_MESSAGES,
  centsToDollars,
  e4ToDollars,
  isObjectId,
  LIST_ITEMS_MAX,
  LIST_MESSAGES,
  LISTS_PER_USER_MAX,
  linePrice,
  MESSAGES,
  normalizeSku,
  ORDER_QUANTITY_MAX,
  quantityError,
  type ErrorLine,
  type ListCreate,
  type ListItem,
  type ListItemInput,
  type ListListQuery,
  type ListSharing,
  type ListSummary,
  type ListUpdate,
  type RequisitionList,
} from '@bulkparts/shared';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/tables.js';
import { AppError, forbidden, notFound } from '../../lib/errors.js';
import { newId, nowIso } from '../../lib/ids.js';
import type { SessionUser } from '../../lib/session-user.js';
import type { CompanyDirectory } from '../companies/company-directory.js';
import { buyerPricesIn } from '../products/price-book.js';
import type { ProductRow } from '../products/products.repository.js';
import { pricedRow, type ProductsService } from '../products/products.service.js';
import type { UsersService } from '../users/users.service.js';
import type { ItemAdd, ItemsWrite, ListRow, ListsRepository } from './lists.repository.js';

export interface ListsDeps {
  repo: ListsRepository;
  /** Names, prices, stock and SKUs are the products module's, read live. */
  products: Pick<ProductsService, 'findMany' | 'findBySkus'>;
  /** Who belongs to which company (sharing), and a member's own prices (the companies module). */
  companies: Pick<CompanyDirectory, 'membershipOf' | 'memberIdsOf' | 'priceBookFor'>;
  /** The owners' names. */
  users: Pick<UsersService, 'usersByIds'>;
}

/** What the caller may do with one list. */
interface Access {
  row: ListRow;
  mine: boolean;
  canEdit: boolean;
}

const LIMITS = { maxItems: LIST_ITEMS_MAX, maxQuantity: ORDER_QUANTITY_MAX };

/**
 * Requisition lists (issue 33). The one access rule: the owner does everything; while the list is
 * shared, a member of the company it is shared with, the owner still being one of its members,
 * reads it, and with `edit` changes its items; anyone else (a shop admin too: lists are their
 * owners') is told 404, as for a list that does not exist. Renaming, sharing and deleting are the
 * owner's (403 for the company's members).
 */
export function createListsService({ repo, products, companies, users }: ListsDeps) {
  async function access(id: string, user: SessionUser): Promise<Access> {
    const row = isObjectId(id) ? await repo.findById(id) : undefined;
    if (!row) throw notFound('List');
    if (row.owner_id === user.id) return { row, mine: true, canEdit: true };
    if (row.sharing !== 'private' && row.company_id) {
      const [caller, owner] = await Promise.all([companies.membershipOf(user.id), companies.membershipOf(row.owner_id)]);
      if (caller?.companyId === row.company_id && owner?.companyId === row.company_id) return { row, mine: false, canEdit: row.sharing === 'edit' };
    }
    throw notFound('List');
  }

  async function editable(id: string, user: SessionUser): Promise<Access> {
    const a = await access(id, user);
    if (!a.canEdit) throw forbidden(LIST_MESSAGES.readOnly);
    return a;
  }

  async function owned(id: string, user: SessionUser): Promise<Access> {
    const a = await access(id, user);
    if (!a.mine) throw forbidden(LIST_MESSAGES.ownerOnly);
    return a;
  }

  /** The company a list shared as `sharing` is shared with: the owner's (409 when the owner has none), none while private. */
  async function companyFor(sharing: ListSharing, ownerId: string): Promise<string | null> {
    if (sharing === 'private') return null;
    const membership = await companies.membershipOf(ownerId);
    if (!membership) throw new AppError('CONFLICT', LIST_MESSAGES.noCompany, { sharing: LIST_MESSAGES.noCompany });
    return membership.companyId;
  }

  async function ownerNames(ids: readonly string[]): Promise<Map<string, string>> {
    return new Map((await users.usersByIds(ids)).map((u) => [u.id, u.name]));
  }

  function summary(row: ListRow, a: Pick<Access, 'mine' | 'canEdit'>, itemCount: number, ownerName: string): ListSummary {
    return {
      _id: row.id,
      name: row.name,
      sharing: row.sharing as ListSharing,
      owner: { id: row.owner_id, name: ownerName },
      mine: a.mine,
      canEdit: a.canEdit,
      itemCount,
      updatedAt: row.updated_at,
    };
  }

  /** The whole list as the caller sees it: each line with its product now and the caller's own price. */
  async function listJson(a: Access, user: SessionUser): Promise<RequisitionList> {
    const [fresh, stored] = await Promise.all([repo.findById(a.row.id), repo.items(a.row.id)]);
    if (!fresh) throw notFound('List');
    const ids = stored.map((i) => i.product_id);
    const [rows, book, names] = await Promise.all([products.findMany(ids), companies.priceBookFor(user.id, ids), ownerNames([fresh.owner_id])]);
    const byId = new Map(rows.map((p) => [p.id, p]));
    const items: ListItem[] = [];
    for (const s of stored) {
      const p = byId.get(s.product_id);
      if (!p) continue; // a product deleted since: nothing to show or order
      const quantity = Number(s.quantity);
      const price = linePrice(asSeenBy(pricedRow(p), buyerPricesIn(book, p.id)), quantity);
      items.push({
        productId: p.id,
        sku: p.sku,
        name: p.name,
        img: p.img,
        quantity,
        unitPrice: e4ToDollars(price.unitPriceE4),
        lineTotal: centsToDollars(price.lineTotalCents),
        minimumOrderQuantity: Number(p.minimum_order_quantity),
        orderMultiple: Number(p.order_multiple),
        availableQuantity: Number(p.available_quantity),
        archived: Number(p.archived) === 1,
        problem: orderProblem(p, quantity),
      });
    }
    return { ...summary(fresh, a, items.length, names.get(fresh.owner_id) ?? ''), items };
  }

  /**
   * The products the lines name (by id or SKU), pieces summed per product; 400 naming each line
   * whose product is unknown or no longer sold, and nothing changes.
   */
  async function resolve(items: readonly ListItemInput[]): Promise<ItemAdd[]> {
    const ids = items.flatMap((i) => (i.productId !== undefined && isObjectId(i.productId) ? [i.productId] : []));
    const skus = items.flatMap((i) => (i.sku !== undefined ? [normalizeSku(i.sku)] : []));
    const [byId, bySku] = await Promise.all([products.findMany(ids), products.findBySkus(skus.filter(Boolean))]);
    const ofId = new Map(byId.map((p) => [p.id, p]));
    const ofSku = new Map(bySku.map((p) => [p.sku, p]));
    const errors: ErrorLine[] = [];
    const summed = new Map<string, number>();
    items.forEach((item, index) => {
      const product = item.productId !== undefined ? ofId.get(item.productId) : ofSku.get(normalizeSku(item.sku ?? ''));
      const named = item.sku ?? item.productId ?? '';
      if (!product) return errors.push({ index, sku: named, message: item.sku !== undefined ? CART_MESSAGES.unknownSku : 'Product not found', field: 'sku' });
      if (Number(product.archived) === 1) return errors.push({ index, sku: product.sku, message: MESSAGES.productUnavailable, field: 'sku' });
      summed.set(product.id, (summed.get(product.id) ?? 0) + item.quantity);
    });
    if (errors.length) throw new AppError('VALIDATION_FAILED', LIST_MESSAGES.badItems, undefined, errors);
    return [...summed].map(([productId, quantity]) => ({ productId, quantity }));
  }

  const written = (outcome: ItemsWrite) => {
    if (outcome === 'gone') throw notFound('List');
    if (outcome === 'full') throw new AppError('CONFLICT', LIST_MESSAGES.full);
  };

  return {
    /** `GET /api/lists`: the caller's own lists and those their company's members share, newest change first. */
    async list(query: ListListQuery, user: SessionUser): Promise<{ items: ListSummary[]; total: number }> {
      const membership = query.scope === 'mine' ? null : await companies.membershipOf(user.id);
      const ownerIds = membership ? (await companies.memberIdsOf(membership.companyId)).filter((id) => id !== user.id) : [];
      const shared = membership ? { companyId: membership.companyId, ownerIds } : null;
      const { rows, total } = await repo.page({ ownerId: user.id, shared, scope: query.scope }, query.page, query.limit);
      const names = await ownerNames(rows.map((r) => r.owner_id));
      const items = rows.map((r) => {
        const mine = r.owner_id === user.id;
        return summary(r, { mine, canEdit: mine || r.sharing === 'edit' }, r.item_count, names.get(r.owner_id) ?? '');
      });
      return { items, total };
    },

    async get(id: string, user: SessionUser): Promise<RequisitionList> {
      return listJson(await access(id, user), user);
    },

    /** `POST /api/lists`: at most LISTS_PER_USER_MAX per account (409 past it). */
    async create(input: ListCreate, user: SessionUser): Promise<RequisitionList> {
      if ((await repo.countOwned(user.id)) >= LISTS_PER_USER_MAX) throw new AppError('CONFLICT', LIST_MESSAGES.tooMany);
      const [companyId, items] = await Promise.all([companyFor(input.sharing, user.id), resolve(input.items)]);
      const now = nowIso();
      const row: ListRow = {
        id: newId(),
        owner_id: user.id,
        name: input.name,
        sharing: input.sharing,
        company_id: companyId,
        created_at: now,
        updated_at: now,
      };
      await repo.create(row, items, LIMITS);
      return listJson({ row, mine: true, canEdit: true }, user);
    },

    /** `PATCH /api/lists/{id}`: name and sharing are the owner's; `add` is for whoever may edit. */
    async update(id: string, input: ListUpdate, user: SessionUser): Promise<RequisitionList> {
      const a = input.name !== undefined || input.sharing !== undefined ? await owned(id, user) : await editable(id, user);
      // Everything that can refuse the change is asked before anything is written.
      const sharing = input.sharing === undefined ? undefined : { sharing: input.sharing, company_id: await companyFor(input.sharing, a.row.owner_id) };
      const adding = input.add?.length ? await resolve(input.add) : [];
      if (adding.length) written(await repo.addItems(id, adding, LIMITS, nowIso()));
      if (input.name !== undefined || sharing) {
        const changes = { ...(input.name !== undefined ? { name: input.name } : {}), ...sharing, updated_at: nowIso() };
        if (!(await repo.update(id, changes))) throw notFound('List');
      }
      return listJson(a, user);
    },

    async remove(id: string, user: SessionUser): Promise<void> {
      await owned(id, user);
      await repo.delete(id);
    },

    /** `PUT /api/lists/{id}/items/{productId}`: the line's pieces (a new line when the product is not on it). */
    async setItem(id: string, productId: string, quantity: number, user: SessionUser): Promise<RequisitionList> {
      const a = await editable(id, user);
      const [product] = isObjectId(productId) ? await products.findMany([productId]) : [];
      if (!product) throw notFound('Product');
      if (Number(product.archived) === 1) throw new AppError('CONFLICT', MESSAGES.productUnavailable);
      written(await repo.setItem(id, productId, quantity, LIST_ITEMS_MAX, nowIso()));
      return listJson(a, user);
    },

    async removeItem(id: string, productId: string, user: SessionUser): Promise<RequisitionList> {
      const a = await editable(id, user);
      await repo.removeItem(id, productId, nowIso());
      return listJson(a, user);
    },

    /** Inside the account removal's unit: the account's own lists go with it. */
    removeOwnedIn: (trx: Transaction<DB>, userId: string) => repo.removeOwnedIn(trx, userId),
  };
}

/** What ordering this line would be refused for now (the cart's rule, stock included), or null. */
function orderProblem(p: ProductRow, quantity: number): string | null {
  if (Number(p.archived) === 1) return MESSAGES.productUnavailable;
  return quantityError(quantity, {
    minimumOrderQuantity: Number(p.minimum_order_quantity),
    availableQuantity: Number(p.available_quantity),
    orderMultiple: Number(p.order_multiple),
  });
}

export type ListsService = ReturnType<typeof createListsService>;
