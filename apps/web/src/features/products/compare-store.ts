import { useSyncExternalStore } from 'react';

/**
 * The products a buyer picked to compare (issue 33), at most COMPARE_MAX, kept in this browser so
 * the choice survives moving between pages. Zod-free and tiny: every product card reads it.
 */
export const COMPARE_MAX = 4;
const KEY = 'bulkparts.compare';
const listeners = new Set<() => void>();
let cached: { raw: string | null; ids: string[] } = { raw: null, ids: [] };

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function readCompared(): string[] {
  const raw = storage()?.getItem(KEY) ?? null;
  if (raw === cached.raw) return cached.ids;
  let ids: string[] = [];
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    ids = Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === 'string' && /^[a-f0-9]{24}$/.test(v)).slice(0, COMPARE_MAX) : [];
  } catch {
    ids = [];
  }
  cached = { raw, ids };
  return ids;
}

function write(ids: string[]) {
  try {
    if (ids.length) storage()?.setItem(KEY, JSON.stringify(ids));
    else storage()?.removeItem(KEY);
  } catch {
    // Storage full or blocked: the choice is not kept.
  }
  listeners.forEach((l) => l());
}

/** `ids` with `id` added (while there is room) or removed. */
export function toggledCompare(ids: readonly string[], id: string): string[] {
  if (ids.includes(id)) return ids.filter((x) => x !== id);
  return ids.length >= COMPARE_MAX ? [...ids] : [...ids, id];
}

export const compared = {
  toggle: (id: string) => write(toggledCompare(readCompared(), id)),
  remove: (id: string) => write(readCompared().filter((x) => x !== id)),
  clear: () => write([]),
};

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => e.key === KEY && listener();
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

const NONE: string[] = [];

export function useCompared(): string[] {
  return useSyncExternalStore(subscribe, readCompared, () => NONE);
}
