import { useState } from 'react';
import type { Product } from '@bulkparts/shared';
import { formatNumber } from '@bulkparts/shared/money';
import { withToast } from '@/lib/toast-action';
import { useAdjustStock } from '../api/adjust-stock';

/** Adds (positive) or removes (negative) pieces; the server refuses going below 0. */
export function StockAdjuster({ product }: { product: Product }) {
  const [delta, setDelta] = useState('');
  const adjust = useAdjustStock();
  const value = Number(delta);
  const valid = delta !== '' && Number.isInteger(value) && value !== 0;

  async function apply(e: React.FormEvent) {
    e.preventDefault();
    if (!valid) return;
    const updated = await withToast(
      () => adjust.mutateAsync({ id: product._id, delta: value }),
      (p) => `${p.name}: ${formatNumber(p.availableQuantity)} in stock`,
      'Could not change the stock',
    );
    if (updated) setDelta('');
  }

  return (
    <form onSubmit={(e) => void apply(e)} className="join">
      <input
        type="number"
        step="1"
        className="input input-bordered input-xs join-item w-20"
        placeholder="±"
        aria-label={`Change stock of ${product.name} by`}
        value={delta}
        onChange={(e) => setDelta(e.target.value)}
      />
      <button type="submit" className="btn btn-xs join-item" disabled={!valid || adjust.isPending}>
        Apply
      </button>
    </form>
  );
}
