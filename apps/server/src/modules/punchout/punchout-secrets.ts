import { createHash, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * Punchout's secrets (issue 32): the cXML shared secret and the OCI password are chosen by people,
 * so they are kept as scrypt hashes with a salt of their own (an API key is random enough for a
 * plain sha-256, ADR 0020; these may not be). Checked in constant time, off the event loop
 * (libuv's thread pool). A start link's token is random (32 bytes): its sha-256 is enough.
 */

const KEY_LENGTH = 32;
/** scrypt's cost (N = 2^14, r = 8, p = 1: about 50 ms of one core here, 16 MiB). Stored with each hash, so it can be raised later. */
const COST = { N: 16_384, r: 8, p: 1 } as const;

function derive(secret: string, salt: Buffer, cost: { N: number; r: number; p: number }): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(secret.normalize('NFC'), salt, KEY_LENGTH, { ...cost, maxmem: 64 * 1024 * 1024 }, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

/** `scrypt$N$r$p$<salt base64>$<key base64>`. */
export async function hashSecret(secret: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(secret, salt, COST);
  return ['scrypt', COST.N, COST.r, COST.p, salt.toString('base64'), key.toString('base64')].join('$');
}

/** A hash nobody's secret matches: checked when the sender names no company, so a wrong name takes as long as a wrong secret. */
const DUMMY = 'scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=';

/** Whether `secret` is the one `stored` was made from (null `stored`: none is, after the same work). */
export async function verifySecret(secret: string, stored: string | null): Promise<boolean> {
  const parts = (stored ?? DUMMY).split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [, n, r, p, salt, key] = parts as [string, string, string, string, string, string];
  const expected = Buffer.from(key, 'base64');
  const got = await derive(secret, Buffer.from(salt, 'base64'), { N: Number(n), r: Number(r), p: Number(p) });
  return stored !== null && expected.length === got.length && timingSafeEqual(expected, got);
}

/** A start link's token (URL-safe, 256 bits) and what is stored of it. */
export function newStartToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
