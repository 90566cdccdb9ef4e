import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { formatQuantity } from '@bulkparts/shared/quantity';
import type { Product, ProductStock } from '@bulkparts/shared';
import { useModal } from '@/components/ui/confirm-dialog';
import { LoadFailure } from '@/components/ui/load-failure';
import { withToast } from '@/lib/toast-action';
import { useSetWarehouseStock } from '../api/set-warehouse-stock';
import { warehouseQueries } from '../api/warehouse-queries';

/** One warehouse's row: its shelves, what it can sell, and a stock take of what it can sell. */
function WarehouseRow({ product, row }: { product: Product; row: ProductStock['warehouses'][number] }) {
  const [value, setValue] = useState('');
  const set = useSetWarehouseStock();
  const id = useId();
  const count = Number(value);
  const valid = value !== '' && Number.isInteger(count) && count >= 0;
  async function apply(e: React.FormEvent) {
    e.preventDefault();
    if (!valid) return;
    const done = await withToast(
      () => set.mutateAsync({ productId: product._id, warehouse: row.warehouse, availableQuantity: count }),
      (p) => `${row.warehouse}: ${p.name} now sells ${formatQuantity(p.availableQuantity)} in all`,
      'Could not set the stock',
    );
    if (done) setValue('');
  }
  return (
    <tr>
      <th scope="row">
        {row.name} <span className="font-mono text-xs">({row.warehouse})</span>
      </th>
      <td className="text-right tabular-nums">{formatQuantity(row.onHand)}</td>
      <td className="text-right tabular-nums">{formatQuantity(row.availableQuantity)}</td>
      <td>
        <form onSubmit={(e) => void apply(e)} className="join">
          <label htmlFor={id} className="sr-only">
            {row.warehouse} can sell
          </label>
          <input
            id={id}
            type="number"
            min={0}
            step={1}
            className="input input-bordered input-xs join-item w-24"
            value={value}
            onChange={(e) => setValue(e.target.value)}
          />
          <button type="submit" className="btn btn-xs join-item" disabled={!valid || set.isPending}>
            Set<span className="sr-only"> {row.warehouse}</span>
          </button>
        </form>
      </td>
    </tr>
  );
}

/**
 * A product's stock per warehouse (issue 31, shop admins): each warehouse's shelves and what it can
 * still sell (pieces sold and not yet shipped count against the default warehouse until they
 * ship), and a stock take per warehouse.
 */
export function ProductStockDialog({ product, onClose }: { product: Product; onClose: () => void }) {
  const ref = useModal(true);
  const titleId = useId();
  const stock = useQuery(warehouseQueries.stock(product._id));
  return (
    <dialog ref={ref} className="modal" aria-labelledby={titleId} onCancel={(e) => (e.preventDefault(), onClose())}>
      <div className="modal-box max-w-2xl space-y-3">
        <h2 id={titleId} className="text-lg font-bold break-words">
          Stock of {product.name} per warehouse
        </h2>
        {stock.isError && <LoadFailure error={stock.error} onRetry={stock.refetch} />}
        {stock.isPending && <p>Loading…</p>}
        {stock.data && (
          <>
            <p className="text-sm">
              Sells {formatQuantity(stock.data.availableQuantity)} in all; {formatQuantity(stock.data.committedQuantity)} sold and not yet shipped.
            </p>
            <div className="overflow-x-auto">
              <table className="table table-sm">
                <thead>
                  <tr>
                    <th scope="col">Warehouse</th>
                    <th scope="col" className="text-right">
                      On the shelves
                    </th>
                    <th scope="col" className="text-right">
                      Can sell
                    </th>
                    <th scope="col">Stock take</th>
                  </tr>
                </thead>
                <tbody>
                  {stock.data.warehouses.map((w) => (
                    <WarehouseRow key={w.warehouse} product={product} row={w} />
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
        <div className="modal-action">
          <button type="button" className="btn" onClick={onClose}>
            Close
          </button>
        </div>
      </div>
    </dialog>
  );
}

/** 'Warehouses' on a product's row of the admin's list, opening its stock per warehouse. */
export function ProductStockButton({ product }: { product: Product }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="btn btn-xs" onClick={() => setOpen(true)} aria-label={`Warehouses: stock of ${product.name}`}>
        Warehouses
      </button>
      {open && <ProductStockDialog product={product} onClose={() => setOpen(false)} />}
    </>
  );
}
