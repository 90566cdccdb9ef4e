import { BEST_SELLERS_COUNT } from '@bulkparts/shared';
import { ErrorState } from '@/components/ui/error-state';
import { useProducts } from '@/features/products/api/get-products';
import { ProductCard, ProductCardSkeleton } from '@/features/products/components/product-card';

export function Component() {
  const bestSellers = useProducts({ limit: BEST_SELLERS_COUNT });
  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <section aria-labelledby="best-sellers">
        <p className="text-center font-semibold text-primary">TOP SALE ON THIS WEEK</p>
        <h2 id="best-sellers" className="mb-8 text-center text-3xl font-bold">
          BEST SELLERS
        </h2>
        {bestSellers.isError ? (
          <ErrorState message={bestSellers.error.message} onRetry={() => void bestSellers.refetch()} />
        ) : (
          <div className="grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3">
            {bestSellers.data
              ? bestSellers.data.items.map((p) => <ProductCard key={p._id} product={p} />)
              : Array.from({ length: BEST_SELLERS_COUNT }, (_, i) => <ProductCardSkeleton key={i} />)}
          </div>
        )}
      </section>
    </div>
  );
}
