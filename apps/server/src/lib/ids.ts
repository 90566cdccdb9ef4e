import { randomBytes } from 'node:crypto';

let counter = randomBytes(3).readUIntBE(0, 3);
const processRandom = randomBytes(5);

/**
 * 24-hex ids like the old app's (MongoDB ObjectIds): 4 bytes of seconds, 5 random bytes chosen
 * once per process, a 3-byte counter. Unique across instances without coordination; they sort
 * roughly by creation time, which keeps B-tree inserts local. Ids are not secrets: every read
 * checks ownership.
 */
export function newId(): string {
  const buf = Buffer.alloc(12);
  buf.writeUInt32BE(Math.floor(Date.now() / 1000), 0);
  processRandom.copy(buf, 4);
  counter = (counter + 1) % 0xffffff;
  buf.writeUIntBE(counter, 9, 3);
  return buf.toString('hex');
}

export const nowIso = (): string => new Date().toISOString();

/** Same shape with all 8 non-time bytes random: for auth records, where a guessable id is one risk too many. */
export function newRandomId(): string {
  const buf = randomBytes(12);
  buf.writeUInt32BE(Math.floor(Date.now() / 1000), 0);
  return buf.toString('hex');
}
