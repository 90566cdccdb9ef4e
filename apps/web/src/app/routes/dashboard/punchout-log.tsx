import { RequireAdmin } from '@/features/auth/components/require-auth';
import { PunchoutDocuments } from '@/features/punchout/components/punchout-documents';

/**
 * `/dashboard/punchout` (shop admins, issue 32): the punchout log, every document in and out, so a
 * failed punchout can be explained to the customer. Loaded lazily by company-area.tsx.
 */
export function Component() {
  return (
    <RequireAdmin>
      <div className="space-y-4">
        <h1 className="text-2xl font-bold">Punchout log</h1>
        <p className="max-w-prose text-base-content/80">
          Setups, carts sent back and purchase orders from procurement systems (cXML and OCI), newest first. A document’s text is kept 90 days; secrets in it
          are never stored.
        </p>
        <PunchoutDocuments />
      </div>
    </RequireAdmin>
  );
}
