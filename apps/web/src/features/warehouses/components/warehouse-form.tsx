import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { WAREHOUSE_CODE_MAX_LENGTH, warehouseInputSchema, type Warehouse, type WarehouseInputValues } from '@bulkparts/shared';
import { AddressFields, applyFieldErrors, EMPTY_ADDRESS, FormError, TextField } from '@/components/ui/form';
import { errorMessage } from '@/lib/api-client';
import { useSaveWarehouse } from '../api/save-warehouse';

const valuesOf = (w?: Warehouse): WarehouseInputValues => ({
  code: w?.code ?? '',
  name: w?.name ?? '',
  address: { ...EMPTY_ADDRESS, ...(w?.address ?? {}) },
});

/** Adds a warehouse, or (with `warehouse`) edits one: code, name and address (issue 31). */
export function WarehouseForm({ warehouse, onDone }: { warehouse?: Warehouse; onDone?: () => void }) {
  const save = useSaveWarehouse();
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, setError, reset, formState } = useForm<WarehouseInputValues>({
    resolver: zodResolver(warehouseInputSchema),
    defaultValues: valuesOf(warehouse),
  });
  const { errors } = formState;
  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const saved = await save.mutateAsync({ id: warehouse?._id, input: warehouseInputSchema.parse(values) });
      toast.success(`Warehouse ${saved.code} saved`);
      if (!warehouse) reset(valuesOf());
      onDone?.();
    } catch (err) {
      if (!applyFieldErrors(err, setError, { shouldFocus: true })) setFailure(errorMessage(err, 'Could not save the warehouse.'));
    }
  });
  const label = warehouse ? `Edit warehouse ${warehouse.code}` : 'Add a warehouse';
  return (
    <form onSubmit={onSubmit} noValidate aria-label={label} className="space-y-3 rounded-box border border-base-300 p-3">
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label="Code"
          hint={`How stock files and shipments name it, e.g. EAST; up to ${WAREHOUSE_CODE_MAX_LENGTH} letters, digits and hyphens`}
          autoComplete="off"
          maxLength={WAREHOUSE_CODE_MAX_LENGTH}
          registration={register('code')}
          error={errors.code}
        />
        <TextField label="Name" autoComplete="off" registration={register('name')} error={errors.name} />
      </div>
      <AddressFields
        section="shipping"
        registration={(f) => register(`address.${f}`)}
        errors={errors.address}
        idPrefix={warehouse ? `wh-${warehouse.code}` : 'wh-new'}
      />
      <FormError message={failure} />
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn btn-primary" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? 'Saving…' : warehouse ? 'Save warehouse' : 'Add warehouse'}
        </button>
        {onDone && warehouse && (
          <button type="button" className="btn btn-ghost" onClick={onDone}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}
