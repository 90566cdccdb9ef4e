import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { shippingAddressLines } from '@bulkparts/shared';
import { LoadFailure } from '@/components/ui/load-failure';
import { warehouseQueries } from '../api/warehouse-queries';
import { WarehouseForm } from './warehouse-form';

/** The shop's warehouses (issue 31), the default first; each editable in place. */
export function WarehouseList() {
  const warehouses = useQuery(warehouseQueries.list());
  const [editing, setEditing] = useState<string | null>(null);
  if (warehouses.isError) return <LoadFailure error={warehouses.error} onRetry={warehouses.refetch} />;
  if (warehouses.isPending) return <p>Loading warehouses…</p>;
  return (
    <ul className="space-y-3" aria-label="Warehouses">
      {warehouses.data.map((w) => (
        <li key={w._id} className="rounded-box border border-base-300 p-3 text-sm">
          {editing === w._id ? (
            <WarehouseForm warehouse={w} onDone={() => setEditing(null)} />
          ) : (
            <div className="flex flex-wrap items-start justify-between gap-2">
              <div>
                <h3 className="font-semibold">
                  {w.name} <span className="font-mono">({w.code})</span> {w.isDefault && <span className="badge badge-sm">Default</span>}
                </h3>
                <address className="not-italic text-base-content/80">{shippingAddressLines(w.address).join(', ')}</address>
              </div>
              <button type="button" className="btn btn-xs" onClick={() => setEditing(w._id)}>
                Edit<span className="sr-only"> {w.code}</span>
              </button>
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}
