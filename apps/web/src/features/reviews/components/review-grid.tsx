import { useQuery } from '@tanstack/react-query';
import type { Review } from '@bulkparts/shared';
import { LoadFailure } from '@/components/ui/load-failure';
import { reviewQueries } from '../api/review-queries';
import { StarRating } from './star-rating';

function ReviewCard({ review }: { review: Review }) {
  return (
    <article className="card h-full bg-base-100 shadow-md">
      <div className="card-body">
        <div className="flex items-center gap-4">
          {review.img ? (
            <img src={review.img} alt="" width="56" height="56" loading="lazy" className="h-14 w-14 rounded-full object-cover" />
          ) : (
            <span className="flex h-14 w-14 items-center justify-center rounded-full bg-primary text-xl font-bold text-primary-content" aria-hidden="true">
              {review.name.charAt(0).toUpperCase()}
            </span>
          )}
          <div>
            <h3 className="font-bold">{review.name}</h3>
            <p className="text-sm text-base-content/70">{review.designation}</p>
          </div>
        </div>
        <StarRating value={review.rating} />
        <p className="break-words">{review.description}</p>
      </div>
    </article>
  );
}

/** Customer reviews on the home page: 1/2/3 columns. Text is rendered as text, never HTML. */
export function ReviewGrid() {
  const reviews = useQuery(reviewQueries.list(1, 6));
  return (
    <section aria-labelledby="reviews-heading" className="bg-base-200 py-12">
      <div className="mx-auto max-w-7xl px-4">
        <p className="text-center font-semibold text-primary">WHAT OUR CUSTOMERS SAY</p>
        <h2 id="reviews-heading" className="mb-8 text-center text-3xl font-bold">
          REVIEWS
        </h2>
        {reviews.isError ? (
          <LoadFailure error={reviews.error} onRetry={reviews.refetch} />
        ) : reviews.data && reviews.data.items.length === 0 ? (
          <p className="text-center">No reviews yet.</p>
        ) : (
          <div className="grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3">
            {reviews.data
              ? reviews.data.items.map((r) => <ReviewCard key={r._id} review={r} />)
              : Array.from({ length: 3 }, (_, i) => <div key={i} className="skeleton h-48" aria-hidden="true" />)}
          </div>
        )}
      </div>
    </section>
  );
}
