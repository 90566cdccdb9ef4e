import { API_KEY_MESSAGES, type CreatedApiKey } from '@bulkparts/shared';
import { ShownOnceSecret } from '@/components/ui/shown-once-secret';

/** The new key's secret, shown once: a warning, the secret to select, and a Copy button. */
export function ApiKeySecret({ created, onDone }: { created: CreatedApiKey; onDone: () => void }) {
  return (
    <ShownOnceSecret
      title={`Key ‘${created.name}’ created`}
      warning={API_KEY_MESSAGES.shownOnce}
      secret={created.secret}
      testId="api-key-secret"
      onDone={onDone}
    />
  );
}
