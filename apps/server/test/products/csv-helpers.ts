import type { FastifyInstance } from 'fastify';
import { PRODUCT_CSV_COLUMNS, type ImportError, type Product } from '@bulkparts/shared';
import type { TestApp } from '../helpers/test-app.js';

/** The fixed header plus `images` (the import's columns). */
export const HEADER = [...PRODUCT_CSV_COLUMNS, 'images'];

export function csvLine(cells: readonly (string | number)[], delimiter = ','): string {
  return `${cells.map((c) => (/[",;\r\n]/.test(String(c)) ? `"${String(c).replace(/"/g, '""')}"` : String(c))).join(delimiter)}\r\n`;
}

export interface RowValues {
  sku: string;
  name?: string;
  description?: string;
  price?: string | number;
  minimumOrderQuantity?: string | number;
  availableQuantity?: string | number;
  brand?: string;
  category?: string;
  img?: string;
  images?: string;
}

/** One row in HEADER's order with sensible defaults. */
export function row(v: RowValues): string[] {
  return [
    v.sku,
    v.name ?? `Part ${v.sku}`,
    v.description ?? 'Imported part',
    String(v.price ?? '1.25'),
    String(v.minimumOrderQuantity ?? 50),
    String(v.availableQuantity ?? 1000),
    v.brand ?? 'Acme',
    v.category ?? '',
    v.img ?? 'https://example.com/part.png',
    v.images ?? '',
  ];
}

export function csvOf(header: readonly string[], rows: readonly (readonly (string | number)[])[]): string {
  return [header, ...rows].map((r) => csvLine(r)).join('');
}

export interface ImportReply {
  statusCode: number;
  body: { created: number; updated: number; errors: ImportError[]; error?: string; message?: string };
  raw: string;
}

export async function importCsv(
  app: FastifyInstance,
  cookie: string,
  payload: string | Buffer,
  { dryRun = false, contentType = 'text/csv' }: { dryRun?: boolean; contentType?: string } = {},
): Promise<ImportReply> {
  const res = await app.inject({
    method: 'POST',
    url: `/api/service/import?dryRun=${dryRun}`,
    headers: { cookie, 'content-type': contentType },
    payload,
  });
  return { statusCode: res.statusCode, body: res.json(), raw: res.body };
}

export async function exportCsv(app: FastifyInstance, cookie: string): Promise<string> {
  const res = await app.inject({ url: '/api/service/export.csv', headers: { cookie } });
  if (res.statusCode !== 200) throw new Error(`export failed: ${res.statusCode} ${res.body}`);
  return res.body;
}

/** Every product as the API answers it (archived too), by id. */
export async function allProducts(t: TestApp): Promise<Product[]> {
  const ids = await t.database.db.selectFrom('products').select('id').orderBy('id').execute();
  const found: Product[] = [];
  for (const { id } of ids) found.push((await t.app.inject({ url: `/api/service/${id}` })).json() as Product);
  return found;
}

export async function productBySku(t: TestApp, sku: string): Promise<Product | undefined> {
  const row = await t.database.db.selectFrom('products').select('id').where('sku', '=', sku).executeTakeFirst();
  if (!row) return undefined;
  const res = await t.app.inject({ url: `/api/service/${row.id}` });
  return res.json() as Product;
}

/** A category slug that exists (the first of the seeded tree). */
export async function someCategory(app: FastifyInstance): Promise<string> {
  const res = await app.inject({ url: '/api/categories' });
  const list = res.json() as { slug: string }[];
  if (!list[0]) throw new Error('no categories seeded');
  return list[0].slug;
}
