import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { TABLE_OWNERS, type TableName } from '../../src/db/table-owners.js';

/**
 * Each module's tables are read and written only by that module's `*.repository.ts` files
 * (src/db/table-owners.ts, ADR 0012); db/ (migrations, seed, group commit) is the one exception.
 * The scan reads every source file for Kysely table arguments (`selectFrom('x')`, joins, writes)
 * and for tables named inside `sql` templates (`from x`, `join x`, `update x`, `into x`).
 */
const SRC = fileURLToPath(new URL('../../src/', import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return e.name.endsWith('.ts') ? [full] : [];
  });
}

const BUILDER = /\.(selectFrom|updateTable|insertInto|replaceInto|deleteFrom|mergeInto|innerJoin|leftJoin|rightJoin|fullJoin|with)\(\s*['"`]([\w]+)['"`]/g;
const SQL_TEMPLATE = /\bsql(?:<[^`]*?>)?`([^`]*)`/g;
const SQL_TABLE = /\b(?:from|join|update|into)\s+"?(\w+)"?/gi;

/** Every table a source text queries, with what referenced it. */
function tablesQueried(text: string): { table: string; via: string }[] {
  const found: { table: string; via: string }[] = [];
  // A common table expression's name (`.with('l', …)`) is the statement's own, not a table; the
  // tables its query reads or writes are found as any others are.
  const cteNames = new Set([...text.matchAll(BUILDER)].filter((m) => m[1] === 'with' && !(m[2]! in TABLE_OWNERS)).map((m) => m[2]!));
  for (const m of text.matchAll(BUILDER)) if (!cteNames.has(m[2]!)) found.push({ table: m[2]!, via: `${m[1]}('${m[2]}')` });
  for (const t of text.matchAll(SQL_TEMPLATE)) {
    for (const m of t[1]!.matchAll(SQL_TABLE)) if (m[1]! in TABLE_OWNERS) found.push({ table: m[1]!, via: `sql\`…${m[0]}…\`` });
  }
  return found;
}

/** Whether `file` (relative to src/) may query `table`. */
function mayQuery(file: string, table: TableName): boolean {
  if (file.startsWith('db/')) return true;
  const owner = TABLE_OWNERS[table];
  return file.startsWith(`modules/${owner}/`) && file.endsWith('.repository.ts');
}

const files = sourceFiles(SRC).map((full) => ({ file: path.relative(SRC, full).split(path.sep).join('/'), text: readFileSync(full, 'utf8') }));

describe('table ownership', () => {
  it('finds the queries it looks for (the scan itself works)', () => {
    const text = "db.selectFrom('orders').leftJoin('profiles', 'a', 'b'); trx.updateTable('products'); sql`select 1 from user where x`";
    expect(tablesQueried(text).map((t) => t.table)).toEqual(['orders', 'profiles', 'products', 'user']);
    expect(tablesQueried("trx.with('l', (q) => q.insertInto('order_lines')).insertInto('orders')").map((t) => t.table)).toEqual(['order_lines', 'orders']);
    expect(mayQuery('modules/orders/order-reports.repository.ts', 'orders')).toBe(true);
    expect(mayQuery('modules/orders/orders.service.ts', 'orders')).toBe(false);
    expect(mayQuery('modules/orders/orders.repository.ts', 'products')).toBe(false);
  });

  it('scans the whole source tree', () => {
    expect(files.length).toBeGreaterThan(50);
    expect(files.some((f) => f.file === 'modules/orders/orders.repository.ts')).toBe(true);
  });

  it("no file outside a module's repositories queries that module's tables", () => {
    const violations: string[] = [];
    for (const { file, text } of files) {
      for (const { table, via } of tablesQueried(text)) {
        if (!(table in TABLE_OWNERS)) violations.push(`${file}: ${via}: table '${table}' has no owner in db/table-owners.ts`);
        else if (!mayQuery(file, table as TableName)) violations.push(`${file}: ${via}: '${table}' belongs to modules/${TABLE_OWNERS[table as TableName]}`);
      }
    }
    expect(violations).toEqual([]);
  });

  it('every owner is a module directory', () => {
    const modules = new Set(readdirSync(path.join(SRC, 'modules')));
    expect(Object.values(TABLE_OWNERS).filter((m) => !modules.has(m))).toEqual([]);
  });
});
