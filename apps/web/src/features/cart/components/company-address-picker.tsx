import { useState } from 'react';
import type { CompanyAddress } from '@bulkparts/shared';
import { FormField } from '@/components/ui/form';

/**
 * The order details' picker of the company's shipping addresses (issue 18): choosing one fills the
 * address fields below, which stay editable. Only drawn when the company keeps addresses.
 */
export function CompanyAddressPicker({
  addresses,
  onPick,
  id = 'checkout-company-address',
}: {
  addresses: readonly CompanyAddress[];
  onPick: (address: CompanyAddress) => void;
  id?: string;
}) {
  const [chosen, setChosen] = useState('');
  return (
    <FormField label="Company address" hint="Fills in the address below; you can still change it" id={id}>
      {(control) => (
        <select
          className="select select-bordered w-full"
          value={chosen}
          onChange={(e) => {
            setChosen(e.target.value);
            const address = addresses.find((a) => a.id === e.target.value);
            if (address) onPick(address);
          }}
          {...control}
        >
          <option value="">Choose one of your company’s addresses</option>
          {addresses.map((a) => (
            <option key={a.id} value={a.id}>
              {a.label}: {a.address.line1}, {a.address.city}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}
