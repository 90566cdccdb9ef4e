import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import type { Order, ReorderLineNote, ReorderMode, ReorderResult } from '@bulkparts/shared';
import { errorMessage } from '@/lib/api-client';
import { cartQueries } from '../api/cart-queries';
import { useReorder } from '../api/reorder';
import { BuyAgainDialog } from './buy-again-dialog';

const lines = (n: number) => `${n} ${n === 1 ? 'line' : 'lines'}`;

function NoteList({ title, notes }: { title: string; notes: readonly ReorderLineNote[] }) {
  if (!notes.length) return null;
  return (
    <>
      <p className="mt-2 font-semibold">{title}</p>
      <ul className="list-disc pl-5">
        {notes.map((n) => (
          <li key={n.productId} className="break-words">
            {n.name} ({n.sku}) — {n.message}
          </li>
        ))}
      </ul>
    </>
  );
}

/** What a reorder did, for its toast: how many lines went in, then each line skipped or to fix, and why. */
export function BuyAgainSummary({ result, mode }: { result: ReorderResult; mode: ReorderMode }) {
  const headline =
    result.added === 0
      ? 'Nothing was added; your cart is as it was.'
      : mode === 'replace'
        ? `Replaced your cart: added ${lines(result.added)}.`
        : `Added ${lines(result.added)} to your cart.`;
  return (
    <div>
      <p>{headline}</p>
      <NoteList title="Not added:" notes={result.skipped} />
      <NoteList title="Check in your cart:" notes={result.needsAttention} />
    </div>
  );
}

/** The toast: success when everything went in; otherwise a warning that stays until closed, so a long list can be read. */
function announce(result: ReorderResult, mode: ReorderMode) {
  const content = <BuyAgainSummary result={result} mode={mode} />;
  if (result.added > 0 && !result.skipped.length && !result.needsAttention.length) toast.success(content);
  else toast.warning(content, { autoClose: false });
}

/**
 * 'Buy again' (issue 29): into an empty cart the order goes at once; into a cart with lines the
 * buyer first chooses to replace the cart or add to it. Then the cart page, and a toast (react-
 * toastify's role="alert", so screen readers read it) naming what was added and what was not.
 * Render `dialog` once in the page.
 */
export function useBuyAgain(): { buyAgain: (order: Order) => void; buyingAgainId: string | null; dialog: ReactNode } {
  const qc = useQueryClient();
  const reorder = useReorder();
  const navigate = useNavigate();
  const [checking, setChecking] = useState<string | null>(null);
  const [asking, setAsking] = useState<{ order: Order; cartCount: number | null } | null>(null);

  async function run(order: Order, mode: ReorderMode) {
    try {
      announce(await reorder.mutateAsync({ orderId: order._id, mode }), mode);
      void navigate('/cart');
    } catch (err) {
      toast.error(errorMessage(err, 'Could not put the order in the cart'));
    }
  }

  async function buyAgain(order: Order) {
    setChecking(order._id);
    // Read afresh (another tab may have filled it); a cart that cannot be read is asked about, never replaced unasked.
    const cart = await qc.fetchQuery({ ...cartQueries.mine(), staleTime: 0 }).catch(() => null);
    setChecking(null);
    if (cart && cart.count === 0) await run(order, 'add');
    else setAsking({ order, cartCount: cart?.count ?? null });
  }

  const pending = reorder.isPending ? (reorder.variables?.orderId ?? null) : null;
  return {
    buyAgain: (order) => void buyAgain(order),
    buyingAgainId: checking ?? pending,
    dialog: (
      <BuyAgainDialog
        open={asking !== null}
        orderNumber={asking?.order.orderNumber}
        cartCount={asking?.cartCount ?? null}
        onChoose={(mode) => {
          const order = asking?.order;
          setAsking(null);
          if (order) void run(order, mode);
        }}
        onCancel={() => setAsking(null)}
      />
    ),
  };
}
