import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import type { PasswordHasher } from '../../src/modules/auth/auth.js';

const KEY_LENGTH = 32;
// N=1024, r=8: 1 MiB and well under a millisecond, where better-auth's N=16384, r=16 takes 32 MiB
// and ~50 ms of CPU. The API tests create over a thousand accounts a run (ADR 0024).
const COST = { N: 1024, r: 8, p: 1 };

const derive = (password: string, salt: string) =>
  new Promise<Buffer>((resolve, reject) => scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, COST, (err, key) => (err ? reject(err) : resolve(key))));

/**
 * A cheap scrypt for the API tests' accounts (`createTestApp`). The production hashing is
 * better-auth's own, which the process-level tests, the browser journeys and
 * auth/accounts.test.ts's "hashes with better-auth's scrypt" use.
 */
export const fastPasswordHasher: PasswordHasher = {
  async hash(password) {
    const salt = randomBytes(16).toString('hex');
    return `${salt}:${(await derive(password, salt)).toString('hex')}`;
  },
  async verify({ hash, password }) {
    const [salt, key] = hash.split(':');
    if (!salt || !key) return false;
    const expected = Buffer.from(key, 'hex');
    const actual = await derive(password, salt);
    return expected.length === actual.length && timingSafeEqual(expected, actual);
  },
};
