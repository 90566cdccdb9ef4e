/**
 * Natural order for values people read as sizes and numbers (issue 33): M4, M5, M6, M8, M10, M12;
 * 2.5 mm, 10 mm, 100 mm; 'DIN 912' before 'DIN 7991'. Digits are compared as numbers (a decimal
 * point between digits included), everything else as text without regard to case or accents; equal
 * values by their plain text so the order is total. Zod-free and pure: the server orders facet
 * values with it on both engines, and the web uses the same function wherever it sorts such values.
 */

const collator = new Intl.Collator('en', { sensitivity: 'base' });
/** A number (with an optional decimal part) or a run of anything else. */
const CHUNK = /(\d+(?:\.\d+)?)|(\D+)/g;

type Chunk = number | string;

function chunksOf(value: string): Chunk[] {
  const chunks: Chunk[] = [];
  for (const m of value.trim().matchAll(CHUNK)) chunks.push(m[1] !== undefined ? Number(m[1]) : (m[2] as string));
  return chunks;
}

export function naturalCompare(a: string, b: string): number {
  const x = chunksOf(a);
  const y = chunksOf(b);
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const p = x[i] as Chunk;
    const q = y[i] as Chunk;
    if (typeof p === 'number' && typeof q === 'number') {
      if (p !== q) return p - q;
    } else if (typeof p === 'number') return -1;
    else if (typeof q === 'number') return 1;
    else {
      const text = collator.compare(p.trim(), q.trim());
      if (text !== 0) return text;
    }
  }
  if (x.length !== y.length) return x.length - y.length;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** A copy of `items` in natural order of `key` (the value itself by default). */
export function naturalSort<T>(items: readonly T[], key: (item: T) => string = (item) => String(item)): T[] {
  return [...items].sort((a, b) => naturalCompare(key(a), key(b)));
}
