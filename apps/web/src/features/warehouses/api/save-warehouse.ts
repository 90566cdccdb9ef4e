import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Warehouse, WarehouseInput } from '@bulkparts/shared';
import { api } from '@/lib/api-client';
import { warehouseQueries } from './warehouse-queries';

/** `POST /api/warehouses`, or `PATCH /api/warehouses/:id` with an `id` (shop admins). */
export function saveWarehouse({ id, input }: { id?: string; input: WarehouseInput }): Promise<Warehouse> {
  return id
    ? api<Warehouse>(`/api/warehouses/${encodeURIComponent(id)}`, { method: 'PATCH', body: input })
    : api<Warehouse>('/api/warehouses', { method: 'POST', body: input });
}

export function useSaveWarehouse() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: saveWarehouse, onSuccess: () => qc.invalidateQueries({ queryKey: warehouseQueries.all() }) });
}
