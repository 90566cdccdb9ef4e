import { AddReviewForm } from '@/features/reviews/components/add-review-form';

export function Component() {
  return <AddReviewForm />;
}
