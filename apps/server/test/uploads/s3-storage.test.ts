import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/env.js';
import { createS3Storage } from '../../src/modules/uploads/s3-storage.js';
import { signUpAdmin, type SignedInUser } from '../helpers/factories.js';
import { multipartFile, PNG_BYTES } from '../helpers/multipart.js';
import { createFreshPostgresDatabase, createTestApp, engine, type TestApp } from '../helpers/test-app.js';

/**
 * Uploads in S3-compatible object storage (issue 19, ADR 0021), against a real S3 server (s3rver)
 * started here: two instances on one database and one bucket serve the same photo, the sweep and a
 * replaced photo delete from the bucket, a missing key is a 404, and the headers are the disk's.
 */
const BUCKET = 'bulkparts-uploads';
let s3Dir: string;
let s3: S3rver;
let bucket: S3Client;
let shared: { url: string; drop(): Promise<void> } | undefined;
let a: TestApp;
let b: TestApp;
let disk: TestApp;
let admin: SignedInUser;
let diskAdmin: SignedInUser;

beforeAll(async () => {
  s3Dir = mkdtempSync(path.join(tmpdir(), 'bulkparts-s3-'));
  s3 = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: s3Dir, configureBuckets: [{ name: BUCKET, configs: [] }] });
  const { port } = await s3.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const s3Env = { S3_ENDPOINT: endpoint, S3_BUCKET: BUCKET, S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' };
  bucket = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
  // One database for both instances: a PostgreSQL database, or on SQLite the same file (B opens A's DATA_DIR).
  if (engine === 'postgres') {
    shared = await createFreshPostgresDatabase({ migrated: true });
    a = await createTestApp({ seed: false, env: { ...s3Env, DATABASE_URL: shared.url } });
    b = await createTestApp({ seed: false, env: { ...s3Env, DATABASE_URL: shared.url } });
  } else {
    a = await createTestApp({ seed: false, env: s3Env });
    b = await createTestApp({ seed: false, env: { ...s3Env, DATA_DIR: a.config.dataDir } });
  }
  disk = await createTestApp({ seed: false });
  admin = await signUpAdmin(a.app);
  diskAdmin = await signUpAdmin(disk.app);
});
afterAll(async () => {
  await b?.close();
  await a?.close();
  await disk?.close();
  await shared?.drop();
  bucket?.destroy();
  await s3?.close();
  if (s3Dir) rmSync(s3Dir, { recursive: true, force: true });
});

/** A distinct valid PNG each call (the key is the content's hash). */
const png = (extra = 16) => Buffer.concat([PNG_BYTES, randomBytes(extra)]);
const upload = async (t: TestApp, user: SignedInUser, bytes: Buffer, url = '/api/uploads') => {
  const { payload, headers } = multipartFile(bytes, 'p.png', 'image/png');
  const res = await t.app.inject({ method: 'POST', url, payload, headers: { ...headers, cookie: user.cookie } });
  expect(res.statusCode, res.body).toBe(url === '/api/uploads' ? 201 : 200);
  return (url === '/api/uploads' ? res.json().url : res.json().photoURL) as string;
};
const keyOf = (url: string) => url.slice('/uploads/'.length);
const inBucket = async (url: string) => {
  try {
    return (await bucket.send(new HeadObjectCommand({ Bucket: BUCKET, Key: keyOf(url) }))).ContentLength;
  } catch (err) {
    if ((err as { name?: string }).name === 'NotFound') return undefined;
    throw err;
  }
};
const served = async (t: TestApp, url: string) => (await t.app.inject({ url })).statusCode;
const SERVED_HEADERS = ['content-type', 'content-length', 'x-content-type-options', 'content-disposition', 'content-security-policy', 'cache-control'];
const pick = (headers: Record<string, unknown>) => Object.fromEntries(SERVED_HEADERS.map((h) => [h, headers[h]]));

describe('uploads in object storage', () => {
  it('an admin’s upload goes to the bucket (not the disk), and both instances serve it as the disk storage does', async () => {
    const bytes = png();
    const url = await upload(a, admin, bytes);
    expect(url).toMatch(/^\/uploads\/[a-f0-9]{64}\.png$/);
    expect(await inBucket(url)).toBe(bytes.length);
    expect(existsSync(path.join(a.config.dataDir, 'uploads', keyOf(url)))).toBe(false);
    expect(existsSync(path.join(b.config.dataDir, 'uploads', keyOf(url)))).toBe(false);

    // The same file uploaded to a shop on disk: the object store answers with the same headers.
    const onDisk = await disk.app.inject({ url: await upload(disk, diskAdmin, bytes) });
    expect(onDisk.statusCode).toBe(200);
    for (const t of [a, b]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(bytes)).toBe(true);
      expect(pick(res.headers)).toEqual(pick(onDisk.headers));
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const head = await t.app.inject({ method: 'HEAD', url });
      expect(head.statusCode).toBe(200);
      expect(head.headers['content-length']).toBe(String(bytes.length));
      expect(head.rawPayload.length).toBe(0);
    }
  });

  it('a photo uploaded through the second instance is served by the first, whole (a streamed 1.5 MB file)', async () => {
    const bytes = png(1.5 * 1024 * 1024);
    const url = await upload(b, admin, bytes);
    const res = await a.app.inject({ url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-length']).toBe(String(bytes.length));
    expect(res.rawPayload.equals(bytes)).toBe(true);
  });

  it('a missing key is a 404 on both instances, and an invalid one never reaches the store', async () => {
    for (const t of [a, b]) {
      const missing = await t.app.inject({ url: `/uploads/${'ab'.repeat(32)}.png` });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ error: 'NOT_FOUND', message: 'File not found' });
      expect(await served(t, '/uploads/not-a-key.png')).toBe(404);
      expect(await served(t, '/uploads/..%2F..%2Fetc%2Fpasswd')).toBe(404);
    }
  });

  it('a replaced profile photo is deleted from the bucket at once', async () => {
    const first = await upload(b, admin, png(), '/api/profile/photo');
    expect(await inBucket(first)).toBeDefined();
    const second = await upload(a, admin, png(), '/api/profile/photo');
    expect(await inBucket(first)).toBeUndefined();
    expect(await served(b, first)).toBe(404);
    expect(await served(b, second)).toBe(200);
  });

  it('the sweep (run by either instance) deletes unused uploads from the bucket and keeps those still shown', async () => {
    const unused = await upload(a, admin, png());
    const shown = await upload(a, admin, png(), '/api/profile/photo');
    expect(await b.app.services.uploads.sweep(new Date(Date.now() - 60_000).toISOString())).toBe(0);
    expect(await inBucket(unused)).toBeDefined();
    const removed = await b.app.services.uploads.sweep(new Date(Date.now() + 60_000).toISOString());
    expect(removed).toBeGreaterThanOrEqual(1);
    expect(await inBucket(unused)).toBeUndefined();
    expect(await served(a, unused)).toBe(404);
    expect(await served(b, unused)).toBe(404);
    expect(await inBucket(shown)).toBeDefined();
    expect(await served(a, shown)).toBe(200);
  });
});

describe('an unreachable store', () => {
  it('is an error (a 500, logged), never taken for a missing file', async () => {
    const storage = createS3Storage({
      endpoint: 'http://127.0.0.1:9',
      bucket: BUCKET,
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    });
    try {
      await expect(storage.get(`${'cd'.repeat(32)}.png`)).rejects.toThrow();
      // An invalid key is refused before any request.
      expect(await storage.get('not-a-key.png')).toBeUndefined();
    } finally {
      storage.close?.();
    }
  });
});

describe('S3_* configuration', () => {
  const dataDir = () => mkdtempSync(path.join(tmpdir(), 'bulkparts-s3-config-'));

  it('is all or nothing: a partial setting names each missing variable', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), S3_ENDPOINT: 'http://127.0.0.1:9000', S3_BUCKET: 'shop' })).toThrowError(
      /S3_ACCESS_KEY_ID: is required when S3_ENDPOINT, S3_BUCKET are set[\s\S]*S3_SECRET_ACCESS_KEY: is required/,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir(), S3_SECRET_ACCESS_KEY: 'secret' })).toThrowError(/S3_ENDPOINT: is required when S3_SECRET_ACCESS_KEY is set/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), S3_ENDPOINT: 'ftp://x', S3_BUCKET: 'shop', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's' })).toThrowError(
      /S3_ENDPOINT: must be an http\(s\):\/\/ URL/,
    );
    expect(() =>
      loadConfig({
        DATA_DIR: dataDir(),
        S3_ENDPOINT: 'http://x',
        S3_BUCKET: 'shop',
        S3_ACCESS_KEY_ID: 'k',
        S3_SECRET_ACCESS_KEY: 's',
        S3_FORCE_PATH_STYLE: 'yes',
      }),
    ).toThrowError(/S3_FORCE_PATH_STYLE: must be true or false/);
  });

  it('defaults to the data folder; with all four set, region us-east-1 and path-style URLs', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).objectStorage).toBeUndefined();
    expect(
      loadConfig({ DATA_DIR: dataDir(), S3_ENDPOINT: 'http://x:9000', S3_BUCKET: 'shop', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's' }).objectStorage,
    ).toEqual({
      endpoint: 'http://x:9000',
      bucket: 'shop',
      region: 'us-east-1',
      accessKeyId: 'k',
      secretAccessKey: 's',
      forcePathStyle: true,
    });
  });
});
