import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { LIST_NAME_MAX_LENGTH } from '@bulkparts/shared';
import { ORDER_QUANTITY_MAX } from '@bulkparts/shared/constants';
import { applyFieldErrors, TextField } from '@/components/ui/form';
import { FormDialog } from '@/components/ui/form-dialog';
import { errorMessage } from '@/lib/api-client';
import { useCreateList } from '../api/create-list';

export interface SaveAsListProps {
  lines: readonly { productId: string; quantity: number }[];
  defaultName: string;
}

/**
 * The dialog of 'Save as list' (save-as-list.tsx): the lines of a cart or an order kept as a new
 * requisition list, named here. A line of more pieces than a list line holds (an accepted quote's) keeps 1,000.
 */
export default function SaveAsListDialog({ lines, defaultName, onClose }: SaveAsListProps & { onClose: () => void }) {
  const create = useCreateList();
  const [error, setError] = useState<string | null>(null);
  const { register, handleSubmit, setError: setFieldError, formState } = useForm<{ name: string }>({ defaultValues: { name: defaultName } });
  const onSubmit = handleSubmit(async ({ name }) => {
    setError(null);
    if (!name.trim()) return setFieldError('name', { type: 'required', message: 'Name is required' });
    try {
      const list = await create.mutateAsync({
        name,
        items: lines.map((l) => ({ productId: l.productId, quantity: Math.min(l.quantity, ORDER_QUANTITY_MAX) })),
      });
      onClose();
      // Toasts are drawn outside the router: words, not a link (the list is under Requisition lists).
      toast.success(`Saved as ${list.name}, in Requisition lists`);
    } catch (err) {
      if (!applyFieldErrors(err, setFieldError, { only: ['name'] })) setError(errorMessage(err, 'Could not save the list. Please try again.'));
    }
  });
  return (
    <FormDialog
      title="Save as a requisition list"
      onClose={onClose}
      onSubmit={onSubmit}
      submitLabel="Save list"
      pendingLabel="Saving…"
      pending={formState.isSubmitting}
      error={error}
    >
      <p className="text-sm">
        {lines.length} {lines.length === 1 ? 'line' : 'lines'}, to order again from Requisition lists.
      </p>
      <TextField label="List name" maxLength={LIST_NAME_MAX_LENGTH} registration={register('name')} error={formState.errors.name} />
    </FormDialog>
  );
}
