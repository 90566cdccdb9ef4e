import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { webhookCreateSchema, type Webhook, type WebhookCreateValues } from '@bulkparts/shared';
import { applyFieldErrors } from '@/components/ui/form';
import { FormDialog } from '@/components/ui/form-dialog';
import { errorMessage } from '@/lib/api-client';
import { useUpdateWebhook } from '../api/update-webhook';
import { eventsErrorOf, WebhookEventCheckboxes } from './webhook-event-checkboxes';

const eventsSchema = webhookCreateSchema.pick({ events: true });
type EventsValues = Pick<WebhookCreateValues, 'events'>;

/** Changes which events an endpoint receives (a modal form; mounted while shown). */
export function WebhookEventsDialog({ webhook, onClose, onSaved }: { webhook: Webhook; onClose: () => void; onSaved: () => void }) {
  const update = useUpdateWebhook();
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, setError, formState } = useForm<EventsValues>({
    resolver: zodResolver(eventsSchema),
    defaultValues: { events: webhook.events },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await update.mutateAsync({ id: webhook._id, changes: eventsSchema.parse(values) });
      onSaved();
    } catch (err) {
      if (!applyFieldErrors(err, setError, { only: ['events'] })) setFailure(errorMessage(err, 'Could not save the events.'));
    }
  });

  return (
    <FormDialog
      title={<span className="break-all">Events sent to {webhook.url}</span>}
      onClose={onClose}
      onSubmit={onSubmit}
      submitLabel="Save events"
      pendingLabel="Saving…"
      pending={formState.isSubmitting}
      error={failure}
    >
      <WebhookEventCheckboxes registration={register('events')} error={eventsErrorOf(formState.errors)} />
    </FormDialog>
  );
}
