import { toast } from 'react-toastify';
import { API_KEY_MESSAGES, type CreatedApiKey } from '@bulkparts/shared';

/** The new key's secret, shown once: a warning, the secret to select, and a Copy button. */
export function ApiKeySecret({ created, onDone }: { created: CreatedApiKey; onDone: () => void }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(created.secret);
      toast.success('Secret copied');
    } catch {
      toast.error('Could not copy: select the secret and copy it');
    }
  };
  return (
    <section aria-labelledby="new-key-title" className="space-y-3 rounded-box border border-warning p-4">
      <h3 id="new-key-title" className="font-semibold">
        Key ‘{created.name}’ created
      </h3>
      <p role="alert" className="alert alert-warning">
        {API_KEY_MESSAGES.shownOnce}
      </p>
      <code className="block break-all rounded bg-base-200 p-2" data-testid="api-key-secret">
        {created.secret}
      </code>
      <div className="flex flex-wrap gap-2">
        <button type="button" className="btn btn-outline btn-sm" onClick={() => void copy()}>
          Copy secret
        </button>
        <button type="button" className="btn btn-ghost btn-sm" onClick={onDone}>
          I have saved it
        </button>
      </div>
    </section>
  );
}
