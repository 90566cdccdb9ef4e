import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { reviewInputSchema, type ReviewInput } from '@bulkparts/shared';
import { applyFieldErrors, FieldError, TextareaField, TextField } from '@/components/ui/form';
import { ApiClientError } from '@/lib/api-client';
import { useCreateReview } from '../api/create-review';

export function AddReviewForm() {
  const create = useCreateReview();
  const { register, handleSubmit, reset, setError, control, formState } = useForm<ReviewInput>({
    resolver: zodResolver(reviewInputSchema),
    defaultValues: { designation: '', description: '' },
  });
  const { errors } = formState;
  const ratingErrorId = useId();

  const onSubmit = handleSubmit(async (values) => {
    try {
      await create.mutateAsync(values);
      toast.success('Thank you! Your review is live on the home page.');
      reset({ designation: '', description: '' });
    } catch (err) {
      applyFieldErrors(err, setError);
      if (err instanceof ApiClientError) toast.error(err.message);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="card max-w-xl bg-base-100 shadow">
      <div className="card-body gap-4">
        <h1 className="card-title text-2xl">Add a review</h1>
        <TextField label="Designation" placeholder="Purchasing lead, Acme Tools" registration={register('designation')} error={errors.designation} />
        <TextareaField
          label="Your review"
          textareaClassName="textarea textarea-bordered h-32 w-full"
          registration={register('description')}
          error={errors.description}
        />
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
                    aria-describedby={errors.rating ? ratingErrorId : undefined}
                    className="mask mask-star-2 bg-warning"
                  />
                ))}
              </div>
            )}
          />
          <FieldError id={ratingErrorId} error={errors.rating} />
        </fieldset>
        <button type="submit" className="btn btn-primary" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? 'Sending…' : 'Add review'}
        </button>
      </div>
    </form>
  );
}
