import { useState } from 'react';
import { WEBHOOK_MESSAGES, type WebhookCreated } from '@bulkparts/shared';
import { ShownOnceSecret } from '@/components/ui/shown-once-secret';
import { WebhookForm } from './webhook-form';

/**
 * The registration form, and above it the new endpoint's signing secret: shown once, from the
 * create answer only (the list never has it), until 'I have saved it' or the next endpoint.
 */
export function WebhookCreate() {
  const [created, setCreated] = useState<WebhookCreated | null>(null);
  return (
    <div className="space-y-4">
      {created && (
        <ShownOnceSecret
          key={created._id}
          title={`Endpoint ${created.url} added`}
          warning={WEBHOOK_MESSAGES.secretShownOnce}
          secret={created.secret}
          testId="webhook-secret"
          onDone={() => setCreated(null)}
        />
      )}
      <WebhookForm onCreated={setCreated} />
    </div>
  );
}
