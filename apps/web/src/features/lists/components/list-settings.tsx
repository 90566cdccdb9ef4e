import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { LIST_NAME_MAX_LENGTH, LIST_SHARING, LIST_SHARING_LABELS, type ListSharing, type RequisitionList } from '@bulkparts/shared';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { applyFieldErrors, FormError, FormField, TextField } from '@/components/ui/form';
import { errorMessage } from '@/lib/api-client';
import { withToast } from '@/lib/toast-action';
import { useDeleteList } from '../api/delete-list';
import { useUpdateList } from '../api/update-list';

interface SettingsValues {
  name: string;
  sharing: ListSharing;
}

/** The owner's controls of a list (issue 33): its name, who in the company sees or edits it, and deleting it. */
export function ListSettings({ list }: { list: RequisitionList }) {
  const update = useUpdateList();
  const remove = useDeleteList();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  const { register, handleSubmit, setError: setFieldError, formState } = useForm<SettingsValues>({ values: { name: list.name, sharing: list.sharing } });
  const onSubmit = handleSubmit(async (values) => {
    setError(null);
    try {
      await update.mutateAsync({ id: list._id, patch: { name: values.name, sharing: values.sharing } });
      toast.success('List saved');
    } catch (err) {
      if (!applyFieldErrors(err, setFieldError, { only: ['name', 'sharing'] })) setError(errorMessage(err, 'Could not save the list. Please try again.'));
    }
  });
  const confirmDelete = async () => {
    setDeleting(false);
    const done = await withToast(() => remove.mutateAsync(list._id), `${list.name} deleted`, 'Could not delete the list');
    if (done !== undefined) navigate('/dashboard/lists');
  };
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-wrap items-start gap-3 rounded-box bg-base-200 p-3" aria-label="List settings">
      <TextField
        label="Name"
        className="min-w-48 flex-1"
        inputClassName="input input-bordered input-sm w-full"
        maxLength={LIST_NAME_MAX_LENGTH}
        registration={register('name')}
        error={formState.errors.name}
      />
      <FormField label="Shared" className="min-w-56" error={formState.errors.sharing}>
        {(control) => (
          <select className="select select-bordered select-sm w-full" {...control} {...register('sharing')}>
            {LIST_SHARING.map((s) => (
              <option key={s} value={s}>
                {LIST_SHARING_LABELS[s]}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <div className="mt-7 flex gap-2">
        <button type="submit" className="btn btn-sm btn-primary" disabled={formState.isSubmitting}>
          Save
        </button>
        <button type="button" className="btn btn-sm btn-ghost text-red-700" onClick={() => setDeleting(true)}>
          Delete list
        </button>
      </div>
      <div className="w-full">
        <FormError message={error} />
      </div>
      <ConfirmDialog
        open={deleting}
        message={`Delete ${list.name}? Its lines go with it.`}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(false)}
      />
    </form>
  );
}
