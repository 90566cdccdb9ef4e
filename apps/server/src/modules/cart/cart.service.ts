import { CART_LINES_MAX, CART_MESSAGES, isMultipleOf, lineQuantityMax, MESSAGES, normalizeSku, type Cart, type CartPreview } from '@bulkparts/shared';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/tables.js';
import { AppError, notFound } from '../../lib/errors.js';
import { nowIso } from '../../lib/ids.js';
import type { ProductsService } from '../products/products.service.js';
import type { CompanyDirectory } from '../companies/company-directory.js';
import type { PriceBook } from '../products/price-book.js';
import type { CartRepository, StoredCartLine } from './cart.repository.js';
import { cartPreviewOf } from './cart-preview.js';
import { cartView, lineProblem, pricedCartLines, type CartProduct } from './cart-view.js';
import type { CartOwner } from './cart-owner.js';
import { checkLines } from './cart-lines-check.js';

export interface CartDeps {
  repo: CartRepository;
  /** Names, prices, stock and SKUs are the products module's, read live. */
  products: Pick<ProductsService, 'findMany' | 'findLineProducts' | 'findBySkus'>;
  /** Issue 18: a company member's own prices (the companies service). */
  prices?: Pick<CompanyDirectory, 'priceBookFor'>;
}

/**
 * Thrown inside a checkout's order unit (rolling it back) when the cart is no longer what the
 * checkout read: another checkout took it, or a line changed meanwhile (issue 28).
 */
export class CartChangedError extends Error {
  constructor() {
    super('the cart changed since the checkout read it');
  }
}

/** What a checkout reads of the cart before its unit, and hands back to `takeIn` inside it. */
export interface CartForCheckout {
  version: number;
  lines: StoredCartLine[];
  /** The order an empty cart still is (its last checkout, nothing added since), else null. */
  orderedAs: string | null;
}

/** A line change's unlocked tries before it takes the cart's lock (only when other changes keep moving the lines). */
const OPTIMISTIC_TRIES = 4;

/** A line the purchase form's rules refuse: 409 for an archived product or short stock, else 400 naming the quantity. */
function checkLine(product: CartProduct, quantity: number): void {
  if (product.archived) throw new AppError('CONFLICT', MESSAGES.productUnavailable, { quantity: MESSAGES.productUnavailable });
  const message = lineProblem(product, quantity);
  if (!message) return;
  // A quantity off the pack multiple is the buyer's to fix (400) even when stock is short too.
  const short = quantity > product.available_quantity && isMultipleOf(quantity, Number(product.order_multiple));
  throw new AppError(short ? 'INSUFFICIENT_STOCK' : 'VALIDATION_FAILED', message, { quantity: message });
}

const cartFull = () => new AppError('VALIDATION_FAILED', CART_MESSAGES.cartFull, { lines: CART_MESSAGES.cartFull });

/**
 * A signed-in buyer's cart (ADR 0015). Only product and quantity are stored; everything shown is
 * derived from the catalogue when read, so a price or stock change shows at once and a line's
 * `problem` is what checkout would say now.
 */
export function createCartService({ repo, products, prices }: CartDeps) {
  /** The catalogue's products for the lines' SKUs, by normalised SKU (archived ones included). */
  const productsBySku = async (lines: readonly { sku: string }[]): Promise<Map<string, CartProduct>> =>
    new Map((await products.findBySkus(lines.map((l) => normalizeSku(l.sku)).filter(Boolean))).map((p) => [p.sku, p]));

  const bookFor = (userId: string, productIds: readonly string[]): Promise<PriceBook | null> =>
    prices && productIds.length ? prices.priceBookFor(userId, productIds) : Promise.resolve(null);

  async function view(owner: CartOwner): Promise<Cart> {
    const stored = await repo.list(owner.cartId);
    const ids = stored.map((s) => s.product_id);
    const [rows, book] = await Promise.all([products.findLineProducts(ids), bookFor(owner.buyerId, ids)]);
    return cartView(stored, rows, book);
  }

  /** The lines with `productId` set to `quantity` (a new line last, as `repo.list` orders them). */
  const withLine = (lines: readonly StoredCartLine[], productId: string, quantity: number): StoredCartLine[] =>
    lines.some((l) => l.product_id === productId)
      ? lines.map((l) => (l.product_id === productId ? { product_id: productId, quantity } : l))
      : [...lines, { product_id: productId, quantity }];

  /** What a line change's answer reads besides the changed product: the other lines' products and the buyer's prices. */
  const othersOf = (owner: CartOwner, stored: readonly StoredCartLine[], productId: string) => {
    const others = stored.map((s) => s.product_id).filter((id) => id !== productId);
    return Promise.all([
      others.length ? products.findLineProducts(others) : [],
      bookFor(
        owner.buyerId,
        stored.map((s) => s.product_id),
      ),
    ]);
  };

  /**
   * The line change on the locked cart: the cap and the reopening read the lines in the unit
   * that writes; the answer is built from what the unit read and wrote.
   */
  async function setLineLocked(owner: CartOwner, product: CartProduct, quantity: number): Promise<Cart> {
    const stored = await repo.inLockedCart(owner.cartId, nowIso(), async (cart) => {
      const existing = await cart.list();
      checkCap(existing, [product.id]);
      await cart.set([{ productId: product.id, quantity }], { reopen: existing.length === 0 });
      return withLine(existing, product.id, quantity);
    });
    const [rest, book] = await othersOf(owner, stored, product.id);
    return cartView(stored, [product, ...rest], book);
  }

  /** Refuses a cart that would hold more than CART_LINES_MAX products. */
  function checkCap(existing: readonly { product_id: string }[], productIds: Iterable<string>) {
    const all = new Set(existing.map((e) => e.product_id));
    for (const id of productIds) all.add(id);
    if (all.size > CART_LINES_MAX) throw cartFull();
  }

  return {
    view,

    /**
     * `PUT /api/cart/lines/:productId`: the line's quantity, checked by the purchase form's rules.
     * Read without a lock, written only if the lines did not move meanwhile (ADR 0029): the
     * product and the cart are read side by side, then the write goes beside the reads of the
     * other lines' products and prices, so on PostgreSQL a line change is two round trips one
     * after the other. The answer is the lines as read with this one set. When other changes of
     * this cart keep coming between the read and the write, the last try takes the cart's lock.
     */
    async setLine(owner: CartOwner, productId: string, quantity: number): Promise<Cart> {
      for (let attempt = 1; ; attempt++) {
        const [[product], seen] = await Promise.all([products.findLineProducts([productId]), repo.seen(owner.cartId)]);
        if (!product) throw notFound('Product');
        checkLine(product, quantity);
        checkCap(seen.lines, [productId]);
        if (attempt === OPTIMISTIC_TRIES) return setLineLocked(owner, product, quantity);
        const stored = withLine(seen.lines, productId, quantity);
        const [written, [rest, book]] = await Promise.all([
          repo.setLineIf(owner.cartId, seen.linesVersion, productId, quantity, nowIso()),
          othersOf(owner, stored, productId),
        ]);
        if (written) return cartView(stored, [product, ...rest], book);
      }
    },

    async removeLine(owner: CartOwner, productId: string): Promise<Cart> {
      await repo.remove(owner.cartId, productId, nowIso());
      return view(owner);
    },

    async clear(owner: CartOwner): Promise<Cart> {
      await repo.clear(owner.cartId, nowIso());
      return view(owner);
    },

    /** Issue 32: the cart's lines in cents with their whole product rows (a punchout cart is sent back from these). */
    async priced(owner: CartOwner) {
      const stored = await repo.list(owner.cartId);
      const ids = stored.map((s) => s.product_id);
      const [rows, book] = await Promise.all([products.findMany(ids), bookFor(owner.buyerId, ids)]);
      return pricedCartLines(stored, rows, book);
    },

    /** Issue 32: in the caller's unit, removes whole carts (a returned or ended punchout session's). */
    async discardIn(trx: Transaction<DB>, cartIds: readonly string[]): Promise<void> {
      for (const id of cartIds) await repo.removeIn(trx, id);
    },

    /**
     * `POST /api/cart/lines` (quick order pad, CSV upload, a signed-out visitor's cart merged at
     * sign-in, a requisition list ordered): adds each line's quantity to what the cart holds, the
     * same SKU twice summed. All or nothing: every line the product's own rule refuses
     * (`checkLines`) is named by its index in one 400, and nothing changes.
     */
    async addBySku(owner: CartOwner, lines: readonly { sku: string; quantity: unknown }[]): Promise<Cart> {
      const found = await productsBySku(lines);
      // Read, check and write on the locked cart, as one unit: overlapping adds wait for one
      // another, so each sums onto what the one before it wrote (none is lost) and its totals are
      // checked against that. The products were read above: the unit touches only the cart.
      const { existing, written, added } = await repo.inLockedCart(owner.cartId, nowIso(), async (cart) => {
        const existing = await cart.list();
        const held = new Map(existing.map((e) => [e.product_id, Number(e.quantity)]));
        const { added, errors } = checkLines(lines, found, held);
        if (errors.length) throw new AppError('VALIDATION_FAILED', CART_MESSAGES.badLines, undefined, errors);
        checkCap(existing, added.keys());
        const written = [...added].map(([productId, a]) => ({ productId, quantity: (held.get(productId) ?? 0) + a.quantity }));
        await cart.set(written, { reopen: existing.length === 0 });
        return { existing, written, added };
      });
      const inCart = new Set(existing.map((e) => e.product_id));
      // The answer from what was just read and written (the quick order pad is a hot path): the
      // lines as `repo.list` orders them, existing ones first, new ones (one timestamp) by product id.
      const quantities = new Map(written.map((w) => [w.productId, w.quantity]));
      const stored = [
        ...existing.map((e) => ({ product_id: e.product_id, quantity: quantities.get(e.product_id) ?? Number(e.quantity) })),
        ...written
          .filter((w) => !inCart.has(w.productId))
          .sort((x, y) => (x.productId < y.productId ? -1 : x.productId > y.productId ? 1 : 0))
          .map((w) => ({ product_id: w.productId, quantity: w.quantity })),
      ];
      const known: CartProduct[] = [...added.values()].map((a) => a.product);
      const others = existing.map((e) => e.product_id).filter((id) => !added.has(id));
      const [rest, book] = await Promise.all([
        others.length ? products.findLineProducts(others) : [],
        bookFor(
          owner.buyerId,
          stored.map((s) => s.product_id),
        ),
      ]);
      return cartView(stored, [...known, ...rest], book);
    },

    /**
     * `POST /api/cart/lines/preview` (issue 33): what `addBySku` would say of each line now, with
     * the product's name and the caller's price per piece for the line's quantity; nothing is
     * written. Read without the cart's lock: the add checks again when it writes.
     */
    async previewBySku(owner: CartOwner, lines: readonly { sku: string; quantity: unknown }[]): Promise<CartPreview> {
      const [found, existing] = await Promise.all([productsBySku(lines), repo.list(owner.cartId)]);
      const held = new Map(existing.map((e) => [e.product_id, Number(e.quantity)]));
      const { checked } = checkLines(lines, found, held);
      const book = await bookFor(owner.buyerId, [...new Set(checked.flatMap((c) => (c.product ? [c.product.id] : [])))]);
      return cartPreviewOf(checked, book);
    },

    /**
     * Adds products by id, unchecked (reorder: the cart then shows each line's problem, e.g. an
     * archived product, rather than refusing the whole order). Each line grows by its pieces in
     * one statement, up to the most a line may hold (`lineQuantityMax`: 1000, down to the pack
     * multiple) and never lowered, so concurrent reorders of one order leave what as many
     * sequential ones would (issue 28). Products that no longer exist are not added; their ids are
     * answered, and so are the lines that reached that cap (`capped`). `replace` (issue 29): the
     * cart's lines are removed first, in the same locked unit, so a failure leaves the cart as it
     * was; when no product can be added nothing changes, the cart is not emptied for nothing.
     */
    async addProducts(
      owner: CartOwner,
      pieces: readonly { productId: string; quantity: number }[],
      { replace = false }: { replace?: boolean } = {},
    ): Promise<{ cart: Cart; missing: string[]; capped: string[] }> {
      const summed = new Map<string, number>();
      for (const p of pieces) summed.set(p.productId, (summed.get(p.productId) ?? 0) + p.quantity);
      const present = new Map((await products.findLineProducts([...summed.keys()])).map((p) => [p.id, p]));
      const missing = [...summed.keys()].filter((id) => !present.has(id));
      const adding = [...summed]
        .filter(([id]) => present.has(id))
        .map(([productId, quantity]) => ({ productId, quantity, cap: lineQuantityMax(Number(present.get(productId)!.order_multiple)) }));
      let capped: string[] = [];
      // The cap and the reopening read the lines: on the locked cart, as one unit with the write.
      if (adding.length) {
        capped = await repo.inLockedCart(owner.cartId, nowIso(), async (cart) => {
          const existing = await cart.list();
          if (replace) await cart.clear();
          const kept = replace ? [] : existing;
          checkCap(
            kept,
            adding.map((a) => a.productId),
          );
          await cart.addCapped(adding, { reopen: existing.length === 0 });
          // Read under the lock, so what is said to be capped is what this unit capped.
          const held = new Map(kept.map((e) => [e.product_id, Number(e.quantity)]));
          return adding.filter((a) => (held.get(a.productId) ?? 0) + a.quantity > a.cap).map((a) => a.productId);
        });
      }
      return { cart: await view(owner), missing, capped };
    },

    /**
     * The cart as a checkout reads it before its unit: its version and its lines in one snapshot,
     * so an empty cart that a checkout emptied is seen as that checkout's order.
     */
    async forCheckout(userId: string): Promise<CartForCheckout> {
      const { state, lines } = await repo.stateAndLines(userId);
      return { version: state.version, lines, orderedAs: !lines.length && state.ordered ? state.orderId : null };
    },

    /**
     * Inside the checkout's order unit, first: takes exactly the lines `seen` read and records
     * `orderId` as this cart's order; throws CartChangedError (rolling the unit back) otherwise.
     */
    async takeIn(trx: Transaction<DB>, userId: string, seen: CartForCheckout, orderId: string): Promise<void> {
      if (!(await repo.takeIn(trx, userId, seen, orderId, nowIso()))) throw new CartChangedError();
    },

    /** After a lost checkout: the version now and the order the last checkout made. */
    checkoutState: (userId: string) => repo.checkoutState(userId),
    /** Inside the account removal's transaction. */
    removeIn: (trx: Transaction<DB>, userId: string) => repo.removeIn(trx, userId),
  };
}

export type CartService = ReturnType<typeof createCartService>;
