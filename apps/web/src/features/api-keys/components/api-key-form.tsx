import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { API_KEY_SCOPE_LABELS, API_KEY_SCOPES, apiKeyInputSchema, type ApiKeyInputValues, type CreatedApiKey } from '@bulkparts/shared';
import { applyFieldErrors, FieldError, FormError, TextField } from '@/components/ui/form';
import { errorMessage } from '@/lib/api-client';
import { useCreateApiKey } from '../api/create-api-key';

/**
 * A shop admin names a key and ticks its scopes; the answer's secret goes to `onCreated` (shown
 * once by the page). The server's 400 lands under the fields it names.
 */
export function ApiKeyForm({ onCreated }: { onCreated: (key: CreatedApiKey) => void }) {
  const create = useCreateApiKey();
  const [failure, setFailure] = useState<string | null>(null);
  const scopesErrorId = useId();
  const { register, handleSubmit, setError, reset, formState } = useForm<ApiKeyInputValues>({
    resolver: zodResolver(apiKeyInputSchema),
    defaultValues: { name: '', scopes: [] },
  });
  const { errors } = formState;
  const scopesError = errors.scopes?.message ?? errors.scopes?.root?.message ?? errors.scopes?.[0]?.message;

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const key = await create.mutateAsync(apiKeyInputSchema.parse(values));
      reset({ name: '', scopes: [] });
      onCreated(key);
    } catch (err) {
      if (!applyFieldErrors(err, setError, { only: ['name', 'scopes'], shouldFocus: true })) setFailure(errorMessage(err, 'Could not create the key.'));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Create an API key" className="space-y-3">
      <TextField label="Name" hint="Who uses it, e.g. ‘ERP’ or ‘Warehouse’" autoComplete="off" registration={register('name')} error={errors.name} />
      <fieldset aria-invalid={Boolean(scopesError)} aria-describedby={scopesError ? scopesErrorId : undefined}>
        <legend className="mb-1 text-sm font-medium">Scopes</legend>
        <div className="grid gap-1">
          {API_KEY_SCOPES.map((scope) => (
            <label key={scope} className="flex items-center gap-2">
              <input type="checkbox" className="checkbox checkbox-sm" value={scope} {...register('scopes')} />
              <span>
                <code>{scope}</code> <span className="text-sm text-base-content/70">{API_KEY_SCOPE_LABELS[scope]}</span>
              </span>
            </label>
          ))}
        </div>
        <FieldError id={scopesErrorId} error={scopesError} />
      </fieldset>
      <button type="submit" className="btn btn-primary" disabled={formState.isSubmitting}>
        {formState.isSubmitting ? 'Creating…' : 'Create key'}
      </button>
      <FormError message={failure} />
    </form>
  );
}
