import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { reviewInputSchema, type ReviewInput } from '@bulkparts/shared';
import { ApiClientError } from '@/lib/api-client';
import { useCreateReview } from '../api/create-review';

export function AddReviewForm() {
  const create = useCreateReview();
  const { register, handleSubmit, reset, setError, control, formState } = useForm<ReviewInput>({
    resolver: zodResolver(reviewInputSchema),
    defaultValues: { designation: '', description: '' },
  });
  const { errors } = formState;

  const onSubmit = handleSubmit(async (values) => {
    try {
      await create.mutateAsync(values);
      toast.success('Thank you! Your review is live on the home page.');
      reset({ designation: '', description: '' });
    } catch (err) {
      if (err instanceof ApiClientError) {
        for (const [field, message] of Object.entries(err.fields)) setError(field as keyof ReviewInput, { message });
        toast.error(err.message);
      }
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="card max-w-xl bg-base-100 shadow">
      <div className="card-body gap-4">
        <h1 className="card-title text-2xl">Add a review</h1>
        <label className="form-control w-full">
          <span className="label-text mb-1 block">Designation</span>
          <input
            className="input input-bordered w-full"
            placeholder="Purchasing lead, Acme Tools"
            aria-invalid={Boolean(errors.designation)}
            aria-describedby="designation-error"
            {...register('designation')}
          />
          {errors.designation && (
            <span id="designation-error" role="alert" className="mt-1 block text-sm text-red-700">
              {errors.designation.message}
            </span>
          )}
        </label>
        <label className="form-control w-full">
          <span className="label-text mb-1 block">Your review</span>
          <textarea
            className="textarea textarea-bordered h-32 w-full"
            aria-invalid={Boolean(errors.description)}
            aria-describedby="description-error"
            {...register('description')}
          />
          {errors.description && (
            <span id="description-error" role="alert" className="mt-1 block text-sm text-red-700">
              {errors.description.message}
            </span>
          )}
        </label>
        <fieldset>
          <legend className="label-text mb-1">Rating</legend>
          {/* Controlled: react-hook-form reads radios as strings (valueAsNumber/setValueAs do not
              apply to them), and the shared schema wants the number of stars. */}
          <Controller
            control={control}
            name="rating"
            render={({ field }) => (
              <div className="rating rating-lg">
                {[1, 2, 3, 4, 5].map((n) => (
                  <input
                    key={n}
                    type="radio"
                    name={field.name}
                    value={n}
                    checked={field.value === n}
                    onChange={() => field.onChange(n)}
                    onBlur={field.onBlur}
                    ref={n === 1 ? field.ref : undefined}
                    aria-label={`${n} star${n > 1 ? 's' : ''}`}
                    aria-invalid={Boolean(errors.rating)}
                    className="mask mask-star-2 bg-warning"
                  />
                ))}
              </div>
            )}
          />
          {errors.rating && (
            <span role="alert" className="mt-1 block text-sm text-red-700">
              {errors.rating.message}
            </span>
          )}
        </fieldset>
        <button type="submit" className="btn btn-primary" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? 'Sending…' : 'Add review'}
        </button>
      </div>
    </form>
  );
}
