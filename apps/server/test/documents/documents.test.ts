import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_MAX_BYTES, DOCUMENT_MESSAGES, type Product, type ProductDocument } from '@bulkparts/shared';
import { companyWithAdmin, memberOf } from '../companies/company-helpers.js';
import { signUp, signUpAdmin, type SignedInUser } from '../helpers/factories.js';
import { multipartForm, pdfBytes, PNG_BYTES } from '../helpers/multipart.js';
import { createTestApp, engine, type TestApp } from '../helpers/test-app.js';

/**
 * Product documents (issue 33): PDFs only (by their first bytes), at most 20 MB, stored where images
 * are (on disk and in an S3 bucket, here a real s3rver), listed with the product for whoever may
 * see them, and served by their URL to them alone: 404 for anyone else, on both storages.
 */
const BUCKET = 'bulkparts-documents';
let s3Dir: string;
let s3: S3rver;
let bucket: S3Client;
let s3Env: Record<string, string>;

beforeAll(async () => {
  s3Dir = mkdtempSync(path.join(tmpdir(), 'bulkparts-s3-docs-'));
  s3 = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: s3Dir, configureBuckets: [{ name: BUCKET, configs: [] }] });
  const { port } = await s3.run();
  const endpoint = `http://127.0.0.1:${port}`;
  s3Env = { S3_ENDPOINT: endpoint, S3_BUCKET: BUCKET, S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' };
  bucket = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
});
afterAll(async () => {
  bucket?.destroy();
  await s3?.close();
  if (s3Dir) rmSync(s3Dir, { recursive: true, force: true });
});

describe.each(['disk', 's3'] as const)(`product documents (${engine}, %s)`, (storage) => {
  let t: TestApp;
  let admin: SignedInUser;
  let memberA: SignedInUser;
  let memberB: SignedInUser;
  let outsider: SignedInUser;
  let companyA: string;
  let product: Product;

  beforeAll(async () => {
    t = await createTestApp(storage === 's3' ? { env: s3Env } : {});
    admin = await signUpAdmin(t.app);
    const a = await companyWithAdmin(t, 'Docs A');
    const b = await companyWithAdmin(t, 'Docs B');
    companyA = a.company.id;
    memberA = await memberOf(t, a.admin, companyA, 'buyer', 'A Buyer');
    memberB = await memberOf(t, b.admin, b.company.id, 'buyer', 'B Buyer');
    outsider = await signUp(t.app);
    product = ((await t.app.inject({ url: '/api/service?limit=1' })).json() as Product[])[0]!;
  });
  afterAll(async () => t?.close());

  const upload = (
    who: SignedInUser | null,
    fields: ReadonlyArray<readonly [string, string]>,
    bytes?: Buffer,
    contentType = 'application/pdf',
    id = product._id,
  ) => {
    const { payload, headers } = multipartForm(fields, bytes ? { bytes, filename: 'sheet.pdf', contentType } : undefined);
    return t.app.inject({ method: 'POST', url: `/api/service/${id}/documents`, payload, headers: { ...headers, ...(who ? { cookie: who.cookie } : {}) } });
  };
  const added = async (fields: ReadonlyArray<readonly [string, string]>, bytes: Buffer) => {
    const res = await upload(admin, fields, bytes);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as ProductDocument;
  };
  const seenBy = async (who: SignedInUser | null) => {
    const res = await t.app.inject({ url: `/api/service/${product._id}`, headers: who ? { cookie: who.cookie } : {} });
    expect(res.statusCode).toBe(200);
    return ((res.json() as Product).documents ?? []).map((d) => d.title);
  };
  const fetchAs = (who: SignedInUser | null, url: string) => t.app.inject({ url, headers: who ? { cookie: who.cookie } : {} });
  const stored = async (key: string): Promise<boolean> => {
    if (storage === 'disk') return readdirSync(path.join(t.config.dataDir, 'uploads')).includes(key);
    try {
      await bucket.send(new HeadObjectCommand({ Bucket: BUCKET, Key: key }));
      return true;
    } catch (err) {
      if ((err as { name?: string }).name === 'NotFound') return false;
      throw err;
    }
  };
  const keyOf = async (id: string) =>
    (await t.database.db.selectFrom('product_documents').select('storage_key').where('id', '=', id).executeTakeFirstOrThrow()).storage_key;

  it("lists each document to whoever may see it and serves it to them alone; anyone else's URL is a 404", async () => {
    const sheet = pdfBytes('public datasheet');
    const certificate = pdfBytes('company certificate', 3000);
    const pub = await added(
      [
        ['title', 'Datasheet'],
        ['kind', 'datasheet'],
      ],
      sheet,
    );
    expect(pub).toEqual({
      _id: expect.any(String),
      title: 'Datasheet',
      kind: 'datasheet',
      size: sheet.length,
      url: `/api/service/${product._id}/documents/${pub._id}`,
      companies: [],
    });
    const own = await added(
      [
        ['title', 'Certificate 3.1'],
        ['kind', 'certificate'],
        ['companies', companyA],
      ],
      certificate,
    );
    expect(own.companies).toEqual([companyA]);
    expect(await stored(await keyOf(own._id))).toBe(true);

    // The product's answer, per caller (and per cached variant: A's list is not B's nor the public one).
    expect(await seenBy(memberA)).toEqual(['Datasheet', 'Certificate 3.1']);
    expect(await seenBy(memberB)).toEqual(['Datasheet']);
    expect(await seenBy(null)).toEqual(['Datasheet']);
    expect(await seenBy(outsider)).toEqual(['Datasheet']);
    expect(await seenBy(memberA)).toEqual(['Datasheet', 'Certificate 3.1']);
    const asAdmin = (await fetchAs(admin, `/api/service/${product._id}`)).json() as Product;
    expect(asAdmin.documents?.map((d) => [d.title, d.companies])).toEqual([
      ['Datasheet', []],
      ['Certificate 3.1', [companyA]],
    ]);

    // The URL: the bytes to A's buyer and the shop admin; 404 to B's buyer, a buyer in no company and anonymous.
    for (const who of [memberA, admin]) {
      const res = await fetchAs(who, own.url);
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(certificate)).toBe(true);
      expect(res.headers).toMatchObject({
        'content-type': 'application/pdf',
        'content-length': String(certificate.length),
        'x-content-type-options': 'nosniff',
        'cache-control': 'private, no-cache',
      });
      expect(res.headers['content-disposition']).toBe(`attachment; filename="Certificate 3.1.pdf"; filename*=UTF-8''Certificate%203.1.pdf`);
    }
    for (const who of [memberB, outsider, null]) {
      const res = await fetchAs(who, own.url);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'NOT_FOUND', message: 'Document not found' });
    }
    expect((await fetchAs(null, pub.url)).rawPayload.equals(sheet)).toBe(true);
    // Under another product's id, or the public image route: nothing.
    expect((await fetchAs(admin, own.url.replace(product._id, '0123456789abcdef01234567'))).statusCode).toBe(404);
    expect((await fetchAs(null, `/uploads/${await keyOf(pub._id)}`)).statusCode).toBe(404);

    // Deleted: gone from the answer, the URL and the storage.
    const key = await keyOf(own._id);
    expect((await t.app.inject({ method: 'DELETE', url: own.url, headers: { cookie: admin.cookie } })).statusCode).toBe(204);
    expect((await fetchAs(memberA, own.url)).statusCode).toBe(404);
    expect(await seenBy(memberA)).toEqual(['Datasheet']);
    expect(await stored(key)).toBe(false);
  });

  it('refuses with 400, naming the field, a file that is not a PDF whatever its declared type, a missing file, title or kind, and an unknown company', async () => {
    const fields = [
      ['title', 'Drawing'],
      ['kind', 'drawing'],
    ] as const;
    for (const [bytes, type] of [
      [PNG_BYTES, 'application/pdf'],
      [Buffer.from('just some text that is long enough'), 'application/pdf'],
      [Buffer.from('%PD'), 'application/pdf'],
    ] as const) {
      const res = await upload(admin, fields, bytes, type);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'VALIDATION_FAILED', fields: { file: DOCUMENT_MESSAGES.notPdf } });
    }
    expect((await upload(admin, fields)).json().fields).toEqual({ file: DOCUMENT_MESSAGES.noFile });
    expect((await upload(admin, [['kind', 'drawing']], pdfBytes())).json().fields).toHaveProperty('title');
    expect(
      (
        await upload(
          admin,
          [
            ['title', 'X'],
            ['kind', 'photo'],
          ],
          pdfBytes(),
        )
      ).json().fields,
    ).toHaveProperty('kind');
    const unknown = await upload(admin, [...fields, ['companies', '0123456789abcdef01234567']], pdfBytes());
    expect(unknown.json().fields).toEqual({ companies: DOCUMENT_MESSAGES.unknownCompany });
    const notMultipart = await t.app.inject({
      method: 'POST',
      url: `/api/service/${product._id}/documents`,
      headers: { cookie: admin.cookie },
      payload: { title: 'x' },
    });
    expect(notMultipart.statusCode).toBe(400);
    expect((await upload(admin, fields, pdfBytes(), 'application/pdf', '0123456789abcdef01234567')).statusCode).toBe(404);
  });

  it('is for shop admins: a buyer gets 403 and anonymous 401, and nothing is stored', async () => {
    expect(
      (
        await upload(
          memberA,
          [
            ['title', 'X'],
            ['kind', 'other'],
          ],
          pdfBytes(),
        )
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await upload(
          null,
          [
            ['title', 'X'],
            ['kind', 'other'],
          ],
          pdfBytes(),
        )
      ).statusCode,
    ).toBe(401);
    const doc = (await fetchAs(admin, `/api/service/${product._id}`)).json() as Product;
    expect(doc.documents?.map((d) => d.title)).toEqual(['Datasheet']);
  });

  if (storage === 'disk') {
    it(`refuses a PDF of more than ${DOCUMENT_MAX_BYTES / 1024 / 1024} MB with 400, and takes one of exactly that size`, async () => {
      const exact = pdfBytes('big', DOCUMENT_MAX_BYTES - pdfBytes('big').length);
      expect(exact.length).toBe(DOCUMENT_MAX_BYTES);
      const ok = await added(
        [
          ['title', 'Big drawing'],
          ['kind', 'drawing'],
        ],
        exact,
      );
      expect(ok.size).toBe(DOCUMENT_MAX_BYTES);
      const over = await upload(
        admin,
        [
          ['title', 'Too big'],
          ['kind', 'drawing'],
        ],
        Buffer.concat([exact, Buffer.from(' ')]),
      );
      expect(over.statusCode).toBe(400);
      expect(over.json()).toMatchObject({ error: 'VALIDATION_FAILED', fields: { file: DOCUMENT_MESSAGES.tooLarge } });
      await t.app.inject({ method: 'DELETE', url: ok.url, headers: { cookie: admin.cookie } });
    });
  }

  it('goes with its product when the product is deleted (a product without orders)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/service',
      headers: { cookie: admin.cookie },
      payload: { sku: `DOC-${storage}`, name: 'Doc part', price: 1, minimumOrderQuantity: 50, availableQuantity: 100, img: '/images/products/hex-bolt.svg' },
    });
    const part = res.json() as Product;
    const doc = await (async () => {
      const r = await upload(
        admin,
        [
          ['title', 'Sheet'],
          ['kind', 'datasheet'],
        ],
        pdfBytes(),
        'application/pdf',
        part._id,
      );
      expect(r.statusCode, r.body).toBe(201);
      return r.json() as ProductDocument;
    })();
    const key = await keyOf(doc._id);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/service/${part._id}`, headers: { cookie: admin.cookie } })).json()).toMatchObject({
      deleted: true,
    });
    expect(await stored(key)).toBe(false);
    expect(await t.database.db.selectFrom('product_documents').select('id').where('product_id', '=', part._id).execute()).toEqual([]);
  });
});
