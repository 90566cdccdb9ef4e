import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { getCart } from './get-cart';
import { getCartPreview } from './get-cart-preview';
import { getShippingOptions } from './get-shipping-options';
import { CART_ROOT } from '@/lib/query-roots';

const ALL = CART_ROOT;

/**
 * The signed-in buyer's cart. Every cart write answers the whole cart, which is written straight
 * into `mine()`; checkout and reorder invalidate `all()`. Zod-free: the top bar's count reads it.
 */
export const cartQueries = {
  all: () => ALL,
  mine: () => queryOptions({ queryKey: [...ALL, 'mine'] as const, queryFn: getCart }),
  /** Issue 33: the quick order grid's lines as the add would take them now (under the cart, so a cart write refreshes it). */
  preview: (lines: readonly { sku: string; quantity: number | null }[]) =>
    queryOptions({ queryKey: [...ALL, 'preview', lines] as const, queryFn: () => getCartPreview(lines), placeholderData: keepPreviousData }),
  /** Issue 30: the shipping options for the cart to a country (under the cart, so a cart write re-prices them). */
  /** With `line`: the purchase page's one product and quantity instead of the cart. */
  shippingOptions: (country: string, line?: { productId: string; quantity: number } | null) =>
    queryOptions({
      queryKey: [...ALL, 'shipping-options', country.trim().toUpperCase(), line?.productId ?? null, line?.quantity ?? null] as const,
      queryFn: () => getShippingOptions(country.trim(), line ?? undefined),
      enabled: country.trim() !== '',
      placeholderData: keepPreviousData,
    }),
};

/**
 * The other read: a signed-out visitor's cart, kept in this browser (localStorage) as `{ productId, sku, quantity }`
 * lines, merged into the server cart at sign-in (`POST /api/cart/lines` adds quantities) and then
 * emptied. Zod-free and tiny: the top bar's cart button reads it on every page.
 */
export interface LocalCartLine {
  productId: string;
  sku: string;
  quantity: number;
}

const KEY = 'bulkparts.cart';
/** The same bound as the server cart's (`CART_LINES_MAX`), repeated to stay zod-free. */
const MAX_LINES = 200;
const listeners = new Set<() => void>();
let cached: { raw: string | null; lines: LocalCartLine[] } = { raw: null, lines: [] };

const isLine = (v: unknown): v is LocalCartLine => {
  const l = v as LocalCartLine;
  return typeof l === 'object' && l !== null && typeof l.productId === 'string' && typeof l.sku === 'string' && Number.isInteger(l.quantity) && l.quantity > 0;
};

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    // Storage blocked (privacy settings): the cart simply stays empty.
    return null;
  }
}

/** The lines as stored; anything malformed (an old version, a hand edit) is dropped, never thrown. */
export function readLocalCart(): LocalCartLine[] {
  const raw = storage()?.getItem(KEY) ?? null;
  if (raw === cached.raw) return cached.lines;
  let lines: LocalCartLine[] = [];
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    lines = Array.isArray(parsed) ? parsed.filter(isLine) : [];
  } catch {
    lines = [];
  }
  cached = { raw, lines };
  return lines;
}

function write(lines: LocalCartLine[]) {
  const s = storage();
  if (!s) return;
  try {
    if (lines.length) s.setItem(KEY, JSON.stringify(lines));
    else s.removeItem(KEY);
  } catch {
    // Quota exceeded: keep what was there.
  }
  listeners.forEach((l) => l());
}

/** Adds pieces of a product, summing with a line already there (as the server cart does). */
export function addToLocalCart(lines: LocalCartLine[], add: LocalCartLine): LocalCartLine[] {
  const at = lines.findIndex((l) => l.productId === add.productId);
  if (at < 0) return lines.length >= MAX_LINES ? lines : [...lines, add];
  return lines.map((l, i) => (i === at ? { ...l, quantity: l.quantity + add.quantity } : l));
}

export const localCart = {
  add: (line: LocalCartLine) => write(addToLocalCart(readLocalCart(), line)),
  set: (productId: string, quantity: number) => write(readLocalCart().map((l) => (l.productId === productId ? { ...l, quantity } : l))),
  remove: (productId: string) => write(readLocalCart().filter((l) => l.productId !== productId)),
  clear: () => write([]),
};

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab changed it.
  const onStorage = (e: StorageEvent) => e.key === KEY && listener();
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

const EMPTY: LocalCartLine[] = [];

/** The local cart's lines, re-rendering when they change (in this tab or another). */
export function useLocalCart(): LocalCartLine[] {
  return useSyncExternalStore(subscribe, readLocalCart, () => EMPTY);
}
