import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHOTO_MAX_BYTES, type Profile } from '@bulkparts/shared';
import { signUp, signUpAdmin, type SignedInUser } from '../helpers/factories.js';
import { JPEG_BYTES, multipartFile, PNG_BYTES, WEBP_BYTES } from '../helpers/multipart.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
let buyer: SignedInUser;
let admin: SignedInUser;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
  admin = await signUpAdmin(t.app);
  buyer = await signUp(t.app, { name: 'Pat Buyer' });
});
afterAll(async () => t.close());

const upload = (user: SignedInUser | undefined, bytes: Buffer, name: string, type: string, url = '/api/profile/photo') => {
  const { payload, headers } = multipartFile(bytes, name, type);
  return t.app.inject({ method: 'POST', url, payload, headers: { ...headers, ...(user ? { cookie: user.cookie } : {}) } });
};

describe('profile', () => {
  it('answers the own profile, empty at first', async () => {
    const res = await t.app.inject({ url: '/api/profile', headers: { cookie: buyer.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      _id: buyer.id,
      email: buyer.email,
      name: 'Pat Buyer',
      photoURL: null,
      address: '',
      phone: '',
      url: '',
      shippingAddress: null,
    });
  });

  it('refuses anonymous callers', async () => {
    expect((await t.app.inject({ url: '/api/profile' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/profile', payload: {} })).statusCode).toBe(401);
    expect((await upload(undefined, PNG_BYTES, 'a.png', 'image/png')).statusCode).toBe(401);
  });

  it('saves address, phone and a LinkedIn link, and updates on a second save', async () => {
    const body = { address: '1 Dock Road', phone: '+1 555 0100', url: 'https://www.linkedin.com/in/pat-buyer' };
    const res = await t.app.inject({ method: 'POST', url: '/api/profile', payload: body, headers: { cookie: buyer.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject(body);
    const again = await t.app.inject({ method: 'POST', url: '/api/profile', payload: { ...body, address: '2 Dock Road' }, headers: { cookie: buyer.cookie } });
    expect((again.json() as Profile).address).toBe('2 Dock Road');
    const read = await t.app.inject({ url: '/api/profile', headers: { cookie: buyer.cookie } });
    expect((read.json() as Profile).address).toBe('2 Dock Road');
  });

  it.each([
    [{ url: 'https://evil.example.com/in/x' }, 'url'],
    [{ url: 'javascript:alert(1)' }, 'url'],
    [{ phone: 'call me' }, 'phone'],
    [{ address: 'x'.repeat(201) }, 'address'],
  ])('refuses %j with a field message', async (body, field) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/profile', payload: body, headers: { cookie: buyer.cookie } });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toHaveProperty(field);
  });

  it('lists every profile only for admins with ?all=1', async () => {
    expect((await t.app.inject({ url: '/api/profile?all=1', headers: { cookie: buyer.cookie } })).statusCode).toBe(403);
    const res = await t.app.inject({ url: '/api/profile?all=1', headers: { cookie: admin.cookie } });
    expect(res.statusCode).toBe(200);
    const list = res.json() as Profile[];
    expect(list.map((p) => p.email).sort()).toEqual([admin.email, buyer.email].sort());
    expect(res.headers['x-total-count']).toBe('2');
  });
});

describe('photo upload', () => {
  it.each([
    ['png', PNG_BYTES, 'image/png'],
    ['jpg', JPEG_BYTES, 'image/jpeg'],
    ['webp', WEBP_BYTES, 'image/webp'],
  ])('stores a %s photo, sets the user image and serves it with safe headers', async (ext, bytes, type) => {
    // The client's name and mime type are ignored: the bytes decide.
    const res = await upload(buyer, bytes, 'whatever.bin', 'application/octet-stream');
    expect(res.statusCode).toBe(200);
    const photo = (res.json() as Profile).photoURL!;
    expect(photo).toMatch(new RegExp(`^/uploads/[a-f0-9]{64}\\.${ext}$`));
    const session = await t.app.inject({ url: '/api/auth/get-session', headers: { cookie: buyer.cookie } });
    expect(session.json().user.image).toBe(photo);
    const served = await t.app.inject({ url: photo });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe(type);
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-disposition']).toBe('inline');
    expect(served.headers['content-security-policy']).toContain("default-src 'none'");
    expect(served.headers['cache-control']).toContain('max-age=31536000');
    expect(served.rawPayload.equals(bytes)).toBe(true);
  });

  it('refuses text named .png with 415', async () => {
    const res = await upload(buyer, Buffer.from('<html><script>alert(1)</script></html>'), 'photo.png', 'image/png');
    expect(res.statusCode).toBe(415);
    expect(res.json().error).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('refuses 2 MB + 1 byte with 413', async () => {
    const big = Buffer.concat([PNG_BYTES, Buffer.alloc(PHOTO_MAX_BYTES + 1 - PNG_BYTES.length)]);
    const res = await upload(buyer, big, 'big.png', 'image/png');
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toBe('PAYLOAD_TOO_LARGE');
  });

  it('accepts exactly 2 MB', async () => {
    const max = Buffer.concat([PNG_BYTES, Buffer.alloc(PHOTO_MAX_BYTES - PNG_BYTES.length)]);
    expect((await upload(buyer, max, 'max.png', 'image/png')).statusCode).toBe(200);
  });

  it('refuses a JSON body with 415', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/profile/photo', payload: { a: 1 }, headers: { cookie: buyer.cookie } });
    expect(res.statusCode).toBe(415);
  });

  it('answers 404 for unknown or malformed upload keys', async () => {
    expect((await t.app.inject({ url: `/uploads/${'a'.repeat(64)}.png` })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/uploads/..%2Fauth-secret' })).statusCode).toBe(404);
  });

  it('lets admins upload product images and refuses customers', async () => {
    expect((await upload(buyer, PNG_BYTES, 'p.png', 'image/png', '/api/uploads')).statusCode).toBe(403);
    expect((await upload(undefined, PNG_BYTES, 'p.png', 'image/png', '/api/uploads')).statusCode).toBe(401);
    const res = await upload(admin, PNG_BYTES, 'p.png', 'image/png', '/api/uploads');
    expect(res.statusCode).toBe(201);
    expect(res.json().url).toMatch(/^\/uploads\/[a-f0-9]{64}\.png$/);
  });
});
