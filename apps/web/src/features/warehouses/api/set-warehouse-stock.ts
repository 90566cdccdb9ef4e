import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Product } from '@bulkparts/shared';
import { productQueries } from '@/features/products/api/product-queries';
import { api } from '@/lib/api-client';
import { warehouseQueries } from './warehouse-queries';

/** `PATCH /api/service/:id/stock { warehouse, availableQuantity }`: what one warehouse can still sell (a stock take). */
export function setWarehouseStock({
  productId,
  warehouse,
  availableQuantity,
}: {
  productId: string;
  warehouse: string;
  availableQuantity: number;
}): Promise<Product> {
  return api<Product>(`/api/service/${encodeURIComponent(productId)}/stock`, { method: 'PATCH', body: { warehouse, availableQuantity } });
}

export function useSetWarehouseStock() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: setWarehouseStock,
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: warehouseQueries.stocks() }), qc.invalidateQueries({ queryKey: productQueries.all() })]),
  });
}
