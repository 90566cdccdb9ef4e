/**
 * The in-memory cache of public catalogue answers (`GET /api/service`, `/api/service/facets`,
 * `/api/service/:id`, `/api/categories`), keyed by the normalised request (plugins/response-cache.ts),
 * holding the serialised JSON (ADR 0005, ADR 0028). plugins/response-cache.ts answers from it; the
 * products service clears it after every product or stock write it commits (ADR 0012), so one
 * instance never serves its own stale data: an answer computed before a clear is not kept after
 * it (`generation`). Entries live at most `ttlMs`: that bounds how stale another instance's writes
 * look. A purchase checks the stock itself, so a stale figure can never oversell. At most
 * `maxEntries` entries.
 */
export interface CachedAnswer {
  /** Bytes, not the string: a hit then skips UTF-8 encoding the body again on every answer. */
  payload: Buffer;
  headers: Record<string, string>;
}

export interface CatalogueCache {
  get(key: string): CachedAnswer | undefined;
  /** Keeps `answer` unless the cache was cleared since `generation` was read (then it may be stale). */
  set(key: string, answer: CachedAnswer, generation?: number): void;
  /** Moves on at every clear: what was computed before it must not be kept after it. */
  readonly generation: number;
  /**
   * A value computed from the catalogue (the facets of a normalised query, ADR 0023), with the
   * same lifetime and clearing as the answers: several URLs meaning one query share it.
   */
  getValue<T>(key: string): T | undefined;
  setValue(key: string, value: unknown, generation?: number): void;
  clear(): void;
  readonly size: number;
}

export function createCatalogueCache({ ttlMs = 1000, maxEntries = 1000 } = {}): CatalogueCache {
  const entries = new Map<string, CachedAnswer & { at: number }>();
  const values = new Map<string, { value: unknown; at: number }>();
  let generation = 0;
  return {
    get(key) {
      const hit = entries.get(key);
      return hit && Date.now() - hit.at < ttlMs ? hit : undefined;
    },
    set(key, answer, seen = generation) {
      if (seen !== generation) return;
      if (entries.size >= maxEntries) entries.clear();
      entries.set(key, { ...answer, at: Date.now() });
    },
    get generation() {
      return generation;
    },
    getValue<T>(key: string) {
      const hit = values.get(key);
      return hit && Date.now() - hit.at < ttlMs ? (hit.value as T) : undefined;
    },
    setValue(key, value, seen = generation) {
      if (seen !== generation) return;
      if (values.size >= maxEntries) values.clear();
      values.set(key, { value, at: Date.now() });
    },
    clear() {
      generation++;
      if (entries.size) entries.clear();
      if (values.size) values.clear();
    },
    get size() {
      return entries.size;
    },
  };
}
