import { RequireAdmin } from '@/features/auth/components/require-auth';
import { TaxRatesEditor } from '@/features/tax/components/tax-rates-editor';

/**
 * `/dashboard/tax` (shop admins, issue 30): the tax rates by destination (country, optionally a
 * region such as a US state) and product tax class. Loaded lazily by company-area.tsx.
 */
export function Component() {
  return (
    <RequireAdmin>
      <div className="max-w-5xl space-y-4">
        <h1 className="text-2xl font-bold">Tax rates</h1>
        <p className="max-w-prose text-base-content/80">
          Each order line is taxed at its ship-to’s rate for the product’s class (a region’s rate before its country’s; none set: 0%), unless the buyer’s
          company is exempt there, the order is an EU reverse charge or an export. Countries are two-letter codes (DE, GB, US), regions codes such as CA.
        </p>
        <TaxRatesEditor />
      </div>
    </RequireAdmin>
  );
}
