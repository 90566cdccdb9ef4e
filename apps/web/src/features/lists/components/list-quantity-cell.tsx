import { useCallback } from 'react';
import { useForm, type Resolver, type ResolverResult } from 'react-hook-form';
import { ORDER_QUANTITY_MAX } from '@bulkparts/shared/constants';
import { parseQuantityInput } from '@bulkparts/shared/quantity';
import { applyFieldErrors, CellInput, ERROR_TEXT } from '@/components/ui/form';
import { errorMessage } from '@/lib/api-client';

interface Values {
  quantity: string;
}

const WRONG = `Quantity must be a whole number from 1 to ${ORDER_QUANTITY_MAX.toLocaleString('en-US')}`;

/**
 * A list line's pieces, saved on Enter or when the field is left (issue 33), when they changed and
 * are whole pieces from 1 to 1,000 (the list's own rule; the product's rules apply when ordered).
 */
export function ListQuantityCell({
  id,
  name,
  quantity,
  onSave,
}: {
  id: string;
  name: string;
  quantity: number;
  onSave: (quantity: number) => Promise<unknown>;
}) {
  const resolver = useCallback<Resolver<Values>>((values): ResolverResult<Values> => {
    const q = parseQuantityInput(values.quantity);
    return q === null || q < 1 || q > ORDER_QUANTITY_MAX ? { values: {}, errors: { quantity: { type: 'validate', message: WRONG } } } : { values, errors: {} };
  }, []);
  const { register, handleSubmit, setError, formState } = useForm<Values>({ resolver, values: { quantity: String(quantity) } });
  const save = handleSubmit(async (values) => {
    const q = parseQuantityInput(values.quantity);
    if (q === null || q === quantity) return;
    try {
      await onSave(q);
    } catch (err) {
      if (!applyFieldErrors(err, setError, { only: ['quantity'] }))
        setError('quantity', { type: 'server', message: errorMessage(err, 'Could not save the quantity.') });
    }
  });
  const error = formState.errors.quantity?.message;
  const errorId = `${id}-error`;
  return (
    <form onSubmit={save} noValidate>
      <CellInput
        id={id}
        label={`Quantity of ${name}`}
        inputMode="numeric"
        autoComplete="off"
        className="input input-bordered input-sm w-24"
        invalid={Boolean(error)}
        describedBy={error ? errorId : undefined}
        registration={register('quantity', { onBlur: () => void save() })}
      />
      {error && (
        <p id={errorId} role="alert" className={`text-xs ${ERROR_TEXT}`}>
          {error}
        </p>
      )}
    </form>
  );
}
