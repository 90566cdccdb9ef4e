import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { PAGE_SIZE_MAX } from '@bulkparts/shared/constants';
import { parseQuantityInput } from '@bulkparts/shared/quantity';
import { applyFieldErrors, FormError, FormField, TextField } from '@/components/ui/form';
import { errorMessage } from '@/lib/api-client';
import { useCreateList } from '../api/create-list';
import { listQueries } from '../api/list-queries';
import { useSetListItem } from '../api/set-list-item';

const NEW = 'new';

interface AddToListValues {
  list: string;
  name: string;
  quantity: string;
}

/**
 * 'Add to a list' on a product's page (issue 33): one of the buyer's lists they may edit (their own,
 * or one their company shares to edit), or a new one, with the pieces to keep on it.
 */
export function AddToList({ product }: { product: { _id: string; name: string; minimumOrderQuantity: number } }) {
  const id = useId();
  const lists = useQuery(listQueries.index({ scope: 'all', limit: PAGE_SIZE_MAX }));
  const editable = (lists.data?.items ?? []).filter((l) => l.canEdit);
  const create = useCreateList();
  const setItem = useSetListItem();
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<{ id: string; name: string } | null>(null);
  const {
    register,
    handleSubmit,
    setError: setFieldError,
    formState,
    control,
  } = useForm<AddToListValues>({
    values: { list: editable[0]?._id ?? NEW, name: '', quantity: String(Math.max(50, product.minimumOrderQuantity)) },
    resetOptions: { keepDirtyValues: true },
  });
  const chosen = useWatch({ control, name: 'list' });
  const onSubmit = handleSubmit(async ({ list, name, quantity }) => {
    setError(null);
    setSaved(null);
    const pieces = parseQuantityInput(quantity);
    if (pieces === null || pieces < 1) return setFieldError('quantity', { type: 'validate', message: 'Quantity must be a whole number of pieces' });
    try {
      const result =
        list === NEW
          ? await create.mutateAsync({ name: name.trim() || product.name, items: [{ productId: product._id, quantity: pieces }] })
          : await setItem.mutateAsync({ id: list, productId: product._id, quantity: pieces });
      setSaved({ id: result._id, name: result.name });
      toast.success(`${product.name} is on ${result.name}`);
    } catch (err) {
      if (!applyFieldErrors(err, setFieldError, { only: ['quantity', 'name'] })) setError(errorMessage(err, 'Could not add to the list. Please try again.'));
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-2 rounded-box border border-base-300 p-3" aria-label={`Add ${product.name} to a list`}>
      <h2 className="font-semibold">Add to a requisition list</h2>
      <div className="flex flex-wrap items-start gap-2">
        <FormField label="List" id={`list-choice${id}`} className="min-w-40 flex-1">
          {(control) => (
            <select className="select select-bordered select-sm w-full" {...control} {...register('list')}>
              {editable.map((l) => (
                <option key={l._id} value={l._id}>
                  {l.name}
                  {l.mine ? '' : ` (${l.owner.name})`}
                </option>
              ))}
              <option value={NEW}>New list…</option>
            </select>
          )}
        </FormField>
        {chosen === NEW && (
          <TextField
            label="New list's name"
            className="min-w-40 flex-1"
            inputClassName="input input-bordered input-sm w-full"
            placeholder={product.name}
            registration={register('name')}
            error={formState.errors.name}
          />
        )}
        <TextField
          label="Pieces"
          className="w-28"
          inputClassName="input input-bordered input-sm w-full"
          inputMode="numeric"
          autoComplete="off"
          registration={register('quantity')}
          error={formState.errors.quantity}
        />
        <button type="submit" className="btn btn-outline btn-sm mt-7" disabled={formState.isSubmitting}>
          Add to list
        </button>
      </div>
      <FormError message={error} />
      <p aria-live="polite" className="text-sm">
        {saved && (
          <Link to={`/dashboard/lists/${saved.id}`} className="link">
            View {saved.name}
          </Link>
        )}
      </p>
    </form>
  );
}
