import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { webhookCreateSchema, type WebhookCreated, type WebhookCreateValues } from '@bulkparts/shared';
import { applyFieldErrors, FormError, TextField } from '@/components/ui/form';
import { errorMessage } from '@/lib/api-client';
import { useCreateWebhook } from '../api/create-webhook';
import { eventsErrorOf, WebhookEventCheckboxes } from './webhook-event-checkboxes';

const EMPTY: WebhookCreateValues = { url: '', events: [] };

/**
 * A shop admin registers an endpoint: its URL and the events it receives. The answer (with its
 * signing secret) goes to `onCreated`; the server's 400 (a private address, say) lands under the
 * field it names.
 */
export function WebhookForm({ onCreated }: { onCreated: (webhook: WebhookCreated) => void }) {
  const create = useCreateWebhook();
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, setError, reset, formState } = useForm<WebhookCreateValues>({
    resolver: zodResolver(webhookCreateSchema),
    defaultValues: EMPTY,
  });
  const { errors } = formState;

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const created = await create.mutateAsync(webhookCreateSchema.parse(values));
      reset(EMPTY);
      onCreated(created);
    } catch (err) {
      if (!applyFieldErrors(err, setError, { only: ['url', 'events'], shouldFocus: true })) setFailure(errorMessage(err, 'Could not add the endpoint.'));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Add a webhook endpoint" className="space-y-3">
      <TextField
        label="Endpoint URL"
        hint="The shop POSTs each event here, signed with the endpoint’s secret (https recommended)"
        type="url"
        inputMode="url"
        autoComplete="off"
        placeholder="https://erp.example.com/hooks/bulkparts"
        registration={register('url')}
        error={errors.url}
      />
      <WebhookEventCheckboxes registration={register('events')} error={eventsErrorOf(errors)} />
      <button type="submit" className="btn btn-primary" disabled={formState.isSubmitting}>
        {formState.isSubmitting ? 'Adding…' : 'Add endpoint'}
      </button>
      <FormError message={failure} />
    </form>
  );
}
