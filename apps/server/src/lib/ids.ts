import { randomBytes } from 'node:crypto';

let counter = randomBytes(3).readUIntBE(0, 3);

/**
 * 24-hex ids like the old app's: 4 bytes of seconds, 5 random bytes, a 3-byte counter. They sort
 * roughly by creation time, which keeps B-tree inserts local.
 */
export function newId(): string {
  const buf = Buffer.alloc(12);
  buf.writeUInt32BE(Math.floor(Date.now() / 1000), 0);
  randomBytes(5).copy(buf, 4);
  counter = (counter + 1) % 0xffffff;
  buf.writeUIntBE(counter, 9, 3);
  return buf.toString('hex');
}

export const nowIso = (): string => new Date().toISOString();
