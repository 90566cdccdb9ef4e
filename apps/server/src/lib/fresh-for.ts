/**
 * A value read from the database at most once per `ms` per key, shared by the readers of that
 * time; a failed read is not kept. For small records read on every order that only their owning
 * module writes (ADR 0029): the owner calls `clear()` around its write, so this instance never
 * serves an old value after the write, and another instance on the same database (PostgreSQL)
 * sees it within `ms`, as the shipping methods and the session cache do.
 */
export function freshFor<K, T>(ms: number, load: (key: K) => Promise<T>, now: () => number = Date.now) {
  const kept = new Map<K, { at: number; value: Promise<T> }>();
  return {
    get(key: K): Promise<T> {
      const hit = kept.get(key);
      if (hit && now() - hit.at < ms) return hit.value;
      const value = load(key);
      const entry = { at: now(), value };
      kept.set(key, entry);
      value.catch(() => {
        if (kept.get(key) === entry) kept.delete(key);
      });
      return value;
    },
    clear(): void {
      kept.clear();
    },
  };
}
