import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCatalogueReaderPool, type CatalogueReaderPool } from '../../src/modules/products/catalogue-reader-pool.js';
import { CatalogueBudgetError } from '../../src/modules/products/catalogue-search.repository.js';
import { insertProducts } from '../helpers/cart.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

// The last word is a prefix: `rpx` finds RPXA-… and RPXB-….
/**
 * The SQLite catalogue's reader threads (ADR 0023): reads in a worker with its own read-only
 * connection see what the main connection committed; a read past its deadline is answered with
 * CatalogueBudgetError at once; closing fails what waits. SQLite only (PostgreSQL reads through its pool).
 */
let t: TestApp;
let pool: CatalogueReaderPool;
let file: string;
const all = { includeArchived: false, text: { words: ['rpx'], sku: null } };

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  if (t.config.database.engine !== 'sqlite') throw new Error('SQLite only');
  file = t.config.database.file;
  pool = createCatalogueReaderPool({ file, threads: 1 });
});
afterAll(async () => {
  await pool?.close();
  await t?.close();
});

describe('catalogue reader pool', () => {
  it('a worker reads what the main connection has committed, each read seeing the latest commit', async () => {
    expect((await pool.reads().count(all)).n).toBe(0);
    await insertProducts(t.database, 2, { prefix: 'RPXA' });
    expect(await pool.reads().count(all)).toEqual({ n: 2, more: false });
    await insertProducts(t.database, 1, { prefix: 'RPXB' });
    const { rows, count } = await pool.reads().list(all, { sort: 'relevance', offset: 0, limit: 10 });
    expect(rows).toHaveLength(3);
    expect(count).toEqual({ n: 3, more: false });
  });

  it('a read whose deadline has passed is refused with the budget error; the pool goes on serving', async () => {
    await expect(pool.reads(Date.now() - 1).count(all)).rejects.toBeInstanceOf(CatalogueBudgetError);
    expect((await pool.reads(Date.now() + 10_000).count(all)).n).toBe(3);
  });

  it('closing fails reads still waiting and refuses new ones', async () => {
    const other = createCatalogueReaderPool({ file, threads: 1 });
    const waiting = expect(other.reads().count(all)).rejects.toThrow();
    await other.close();
    await waiting;
    await expect(other.reads().count(all)).rejects.toThrow(/closed/);
  });
});
