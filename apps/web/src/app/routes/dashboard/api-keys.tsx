import { useState } from 'react';
import type { CreatedApiKey } from '@bulkparts/shared';
import { RequireAdmin } from '@/features/auth/components/require-auth';
import { ApiKeyForm } from '@/features/api-keys/components/api-key-form';
import { ApiKeyList } from '@/features/api-keys/components/api-key-list';
import { ApiKeySecret } from '@/features/api-keys/components/api-key-secret';

/**
 * `/dashboard/api-keys` (shop admins, issue 19): keys for an ERP or warehouse system, sent as
 * `Authorization: Bearer bp_…`. A new key's secret is shown once. Loaded lazily by company-area.tsx
 * (the home route's budget has no room for another lazy route).
 */
export function Component() {
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  return (
    <RequireAdmin>
      <div className="space-y-6">
        <h1 className="text-2xl font-bold">API keys</h1>
        <p className="max-w-prose text-base-content/80">
          Integrations call the API with <code>Authorization: Bearer bp_…</code> and may do only what the key’s scopes allow.
        </p>
        {created ? <ApiKeySecret created={created} onDone={() => setCreated(null)} /> : null}
        <section aria-labelledby="create-key-title" className="max-w-xl space-y-3">
          <h2 id="create-key-title" className="text-lg font-semibold">
            Create a key
          </h2>
          <ApiKeyForm onCreated={setCreated} />
        </section>
        <section aria-labelledby="keys-title" className="space-y-3">
          <h2 id="keys-title" className="text-lg font-semibold">
            Keys
          </h2>
          <ApiKeyList />
        </section>
      </div>
    </RequireAdmin>
  );
}
