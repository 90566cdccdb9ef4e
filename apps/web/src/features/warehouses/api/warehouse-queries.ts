import { queryOptions } from '@tanstack/react-query';
import type { ProductStock, Warehouse } from '@bulkparts/shared';
import { api } from '@/lib/api-client';
import { WAREHOUSES_ROOT } from '@/lib/query-roots';

/** `GET /api/warehouses` (shop admins): every warehouse, the default first. */
export function getWarehouses(): Promise<Warehouse[]> {
  return api<Warehouse[]>('/api/warehouses');
}

/** `GET /api/service/:id/stock` (shop admins): a product's figures per warehouse. */
export function getProductStock(productId: string): Promise<ProductStock> {
  return api<ProductStock>(`/api/service/${encodeURIComponent(productId)}/stock`);
}

const ALL = WAREHOUSES_ROOT;

/** Warehouses and stock per warehouse in the cache (issue 31, ADR 0010). */
export const warehouseQueries = {
  all: () => ALL,
  list: () => queryOptions({ queryKey: [...ALL, 'list'] as const, queryFn: getWarehouses }),
  /** Every product's stock page: what a stock take, an order or a shipment changes. */
  stocks: () => [...ALL, 'stock'] as const,
  stock: (productId: string) => queryOptions({ queryKey: [...ALL, 'stock', productId] as const, queryFn: () => getProductStock(productId) }),
};
