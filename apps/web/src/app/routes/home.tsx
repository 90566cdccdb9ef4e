import { useQuery } from '@tanstack/react-query';
import { BEST_SELLERS_COUNT } from '@bulkparts/shared/constants';
import { LoadFailure } from '@/components/ui/load-failure';
import { BannerCarousel } from '@/features/home/components/banner-carousel';
import { BrandsCarousel } from '@/features/home/components/brands-carousel';
import { FeatureSections } from '@/features/home/components/feature-sections';
import { StatsStrip } from '@/features/home/components/stats-strip';
import { productQueries } from '@/features/products/api/product-queries';
import { ProductCard, ProductCardSkeleton } from '@/features/products/components/product-card';
import { ReviewGrid } from '@/features/reviews/components/review-grid';

function BestSellers() {
  const bestSellers = useQuery(productQueries.list({ limit: BEST_SELLERS_COUNT }));
  return (
    <section aria-labelledby="best-sellers" className="mx-auto max-w-7xl px-4 py-12">
      <p className="text-center font-semibold text-primary">TOP SALE ON THIS WEEK</p>
      <h2 id="best-sellers" className="mb-8 text-center text-3xl font-bold">
        BEST SELLERS
      </h2>
      {bestSellers.isError ? (
        <LoadFailure error={bestSellers.error} onRetry={bestSellers.refetch} />
      ) : (
        <div className="grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3">
          {bestSellers.data
            ? bestSellers.data.items.map((p) => <ProductCard key={p._id} product={p} />)
            : Array.from({ length: BEST_SELLERS_COUNT }, (_, i) => <ProductCardSkeleton key={i} />)}
        </div>
      )}
    </section>
  );
}

export function Component() {
  return (
    <>
      <h1 className="sr-only">bulkparts: industrial parts in bulk</h1>
      <BannerCarousel />
      <BrandsCarousel />
      <FeatureSections />
      <BestSellers />
      <ReviewGrid />
      <StatsStrip />
    </>
  );
}
