import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import { pageOffset } from '../../db/query-helpers.js';
import type { ListItemsTable, ListsTable } from '../../db/schema.js';
import type { DB } from '../../db/tables.js';

export type ListRow = Selectable<ListsTable>;
export type ListItemRow = Selectable<ListItemsTable>;
export type ListRowWithCount = ListRow & { item_count: number };

/** Which lists a page reads: the caller's own, those shared with the caller's company by its current members, or both. */
export interface ListScope {
  ownerId: string;
  /** The caller's company and its members other than the caller (whose shared lists the caller sees); null: in no company. */
  shared: { companyId: string; ownerIds: readonly string[] } | null;
  scope: 'all' | 'mine' | 'shared';
}

/** A line to add: pieces summed onto what the list holds, never past `max`. */
export interface ItemAdd {
  productId: string;
  quantity: number;
}

/** What a write on one list's items found: the list is gone, it would hold too many products, or done. */
export type ItemsWrite = 'gone' | 'full' | 'done';

/** The lines of the list on the row being selected. */
const itemCount = sql<number>`(select count(*) from list_items where list_items.list_id = lists.id)`.as('item_count');

/**
 * The lists module's tables (`lists`, `list_items`, db/table-owners.ts). Every write to a list's
 * items first touches its row (`updated_at`): on PostgreSQL that row lock queues concurrent writes
 * to one list, on SQLite the transaction holds the write lock from there, so the products cap is
 * checked against what the write before it left.
 */
export function createListsRepository(db: Kysely<DB>) {
  function scoped(scope: ListScope) {
    return db.selectFrom('lists').where((eb) => {
      const mine = eb('owner_id', '=', scope.ownerId);
      const shared = scope.shared?.ownerIds.length
        ? eb.and([eb('company_id', '=', scope.shared.companyId), eb('sharing', '!=', 'private'), eb('owner_id', 'in', [...scope.shared.ownerIds])])
        : null;
      if (scope.scope === 'mine') return mine;
      if (scope.scope === 'shared') return shared ?? eb.val(false);
      return shared ? eb.or([mine, shared]) : mine;
    });
  }

  /** Locks the list's row in `trx` (see above); false when it is gone. */
  async function touch(trx: Transaction<DB>, listId: string, now: string): Promise<boolean> {
    const res = await trx.updateTable('lists').set({ updated_at: now }).where('id', '=', listId).executeTakeFirst();
    return Number(res.numUpdatedRows) > 0;
  }

  async function countItems(q: Kysely<DB> | Transaction<DB>, listId: string): Promise<number> {
    const row = await q
      .selectFrom('list_items')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('list_id', '=', listId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Adds each line's pieces in one statement, capped at `max` per line. */
  async function addIn(trx: Transaction<DB>, listId: string, items: readonly ItemAdd[], max: number, now: string): Promise<void> {
    if (items.length === 0) return;
    const limit = sql<number>`cast(${max} as integer)`;
    await trx
      .insertInto('list_items')
      .values(items.map((i) => ({ list_id: listId, product_id: i.productId, quantity: Math.min(i.quantity, max), created_at: now, updated_at: now })))
      .onConflict((oc) =>
        oc.columns(['list_id', 'product_id']).doUpdateSet({
          quantity: sql<number>`case when list_items.quantity + excluded.quantity > ${limit} then ${limit} else list_items.quantity + excluded.quantity end`,
          updated_at: now,
        }),
      )
      .execute();
  }

  /** Whether adding `productIds` keeps the list within `maxItems` products. */
  async function fits(trx: Transaction<DB>, listId: string, productIds: readonly string[], maxItems: number): Promise<boolean> {
    if (productIds.length === 0) return true;
    const there = await trx.selectFrom('list_items').select('product_id').where('list_id', '=', listId).where('product_id', 'in', productIds).execute();
    const added = new Set(productIds).size - there.length;
    return added <= 0 || (await countItems(trx, listId)) + added <= maxItems;
  }

  return {
    findById: (id: string): Promise<ListRow | undefined> => db.selectFrom('lists').selectAll().where('id', '=', id).executeTakeFirst(),

    countOwned: async (ownerId: string): Promise<number> =>
      Number(
        (
          await db
            .selectFrom('lists')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('owner_id', '=', ownerId)
            .executeTakeFirstOrThrow()
        ).n,
      ),

    /** One page of the lists `scope` names, the most recently changed first, with their item counts. */
    async page(scope: ListScope, page: number, limit: number): Promise<{ rows: ListRowWithCount[]; total: number }> {
      const [rows, total] = await Promise.all([
        scoped(scope)
          .selectAll('lists')
          .select(itemCount)
          .orderBy('updated_at', 'desc')
          .orderBy('id', 'desc')
          .limit(limit)
          .offset(pageOffset(page, limit))
          .execute(),
        scoped(scope)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow(),
      ]);
      return { rows: rows.map((r) => ({ ...r, item_count: Number(r.item_count) })), total: Number(total.n) };
    },

    /** A new list with its first lines (the schema bounds them), in one transaction. */
    async create(row: ListRow, items: readonly ItemAdd[], limits: { maxQuantity: number }): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.insertInto('lists').values(row).execute();
        await addIn(trx, row.id, items, limits.maxQuantity, row.created_at);
      });
    },

    async update(id: string, values: Partial<Pick<ListRow, 'name' | 'sharing' | 'company_id' | 'updated_at'>>): Promise<boolean> {
      const res = await db.updateTable('lists').set(values).where('id', '=', id).executeTakeFirst();
      return Number(res.numUpdatedRows) > 0;
    },

    async delete(id: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('list_items').where('list_id', '=', id).execute();
        await trx.deleteFrom('lists').where('id', '=', id).execute();
      });
    },

    /** The list's lines in the order they were first added. */
    items: (listId: string): Promise<ListItemRow[]> =>
      db.selectFrom('list_items').selectAll().where('list_id', '=', listId).orderBy('created_at', 'asc').orderBy('product_id', 'asc').execute(),

    /** Adds lines (pieces summed, at most `maxQuantity` a line), refusing ('full') a list past `maxItems` products. */
    addItems(listId: string, items: readonly ItemAdd[], limits: { maxItems: number; maxQuantity: number }, now: string): Promise<ItemsWrite> {
      return db.transaction().execute(async (trx) => {
        if (!(await touch(trx, listId, now))) return 'gone';
        if (
          !(await fits(
            trx,
            listId,
            items.map((i) => i.productId),
            limits.maxItems,
          ))
        )
          return 'full';
        await addIn(trx, listId, items, limits.maxQuantity, now);
        return 'done';
      });
    },

    /** Sets one line's pieces (adding the line when new). */
    setItem(listId: string, productId: string, quantity: number, maxItems: number, now: string): Promise<ItemsWrite> {
      return db.transaction().execute(async (trx) => {
        if (!(await touch(trx, listId, now))) return 'gone';
        if (!(await fits(trx, listId, [productId], maxItems))) return 'full';
        await trx
          .insertInto('list_items')
          .values({ list_id: listId, product_id: productId, quantity, created_at: now, updated_at: now })
          .onConflict((oc) => oc.columns(['list_id', 'product_id']).doUpdateSet({ quantity, updated_at: now }))
          .execute();
        return 'done';
      });
    },

    async removeItem(listId: string, productId: string, now: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await touch(trx, listId, now);
        await trx.deleteFrom('list_items').where('list_id', '=', listId).where('product_id', '=', productId).execute();
      });
    },

    /** Inside the account removal's unit: the account's lists and their lines. */
    async removeOwnedIn(trx: Transaction<DB>, ownerId: string): Promise<void> {
      const owned = trx.selectFrom('lists').select('id').where('owner_id', '=', ownerId);
      await trx.deleteFrom('list_items').where('list_id', 'in', owned).execute();
      await trx.deleteFrom('lists').where('owner_id', '=', ownerId).execute();
    },
  };
}

export type ListsRepository = ReturnType<typeof createListsRepository>;
