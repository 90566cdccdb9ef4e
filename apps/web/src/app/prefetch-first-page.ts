import { BEST_SELLERS_COUNT } from '@bulkparts/shared/constants';
import { productQueries } from '@/features/products/api/product-queries';
import { queryClient } from '@/lib/query-client';

/**
 * A first visit to the home page asks for its best sellers with the first download, beside the
 * home page's own chunk, instead of after that chunk has arrived and rendered: one round trip
 * less before the products show. The key is the one the home page reads, so it finds them there.
 */
export function prefetchFirstPage(pathname: string) {
  if (pathname === '/' || pathname === '/home') void queryClient.prefetchQuery(productQueries.list({ limit: BEST_SELLERS_COUNT }));
}
