import { RequireAdmin } from '@/features/auth/components/require-auth';
import { CarriersEditor } from '@/features/shipments/components/carriers-editor';
import { WarehouseForm } from '@/features/warehouses/components/warehouse-form';
import { WarehouseList } from '@/features/warehouses/components/warehouse-list';

/**
 * `/dashboard/warehouses` (shop admins, issue 31): the warehouses stock is counted in and
 * shipments leave from, and the carriers whose tracking pages a shipment links to. Loaded lazily
 * by company-area.tsx (the home route's budget has no room for another lazy route).
 */
export function Component() {
  return (
    <RequireAdmin>
      <div className="max-w-4xl space-y-8">
        <h1 className="text-2xl font-bold">Warehouses and carriers</h1>
        <section aria-labelledby="warehouses-title" className="space-y-3">
          <h2 id="warehouses-title" className="text-lg font-semibold">
            Warehouses
          </h2>
          <p className="max-w-prose text-base-content/80">
            Each product’s stock is kept per warehouse; what it can sell is their sum. Stock files and the stock API name a warehouse by its code (none: the
            default one).
          </p>
          <WarehouseList />
          <WarehouseForm />
        </section>
        <section aria-labelledby="carriers-title" className="space-y-3">
          <h2 id="carriers-title" className="text-lg font-semibold">
            Carriers
          </h2>
          <CarriersEditor />
        </section>
      </div>
    </RequireAdmin>
  );
}
