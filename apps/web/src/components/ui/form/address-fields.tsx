import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import type { ShippingAddressInput } from '@bulkparts/shared';
import { TextField } from './form-field';

export type AddressField = keyof ShippingAddressInput;

const FIELDS: { name: AddressField; label: string; autoComplete: string; type?: string }[] = [
  { name: 'company', label: 'Company (optional)', autoComplete: 'organization' },
  { name: 'name', label: 'Name', autoComplete: 'name' },
  { name: 'line1', label: 'Address line 1', autoComplete: 'address-line1' },
  { name: 'line2', label: 'Address line 2 (optional)', autoComplete: 'address-line2' },
  { name: 'postalCode', label: 'Postal code', autoComplete: 'postal-code' },
  { name: 'city', label: 'City', autoComplete: 'address-level2' },
  { name: 'country', label: 'Country', autoComplete: 'country-name' },
  // Issue 30: tax rates may differ by state or province.
  { name: 'region', label: 'State / region (optional)', autoComplete: 'address-level1' },
  { name: 'phone', label: 'Phone (optional)', autoComplete: 'tel', type: 'tel' },
];

/** An empty address for a form's default values. */
export const EMPTY_ADDRESS: Required<ShippingAddressInput> = {
  company: '',
  name: '',
  line1: '',
  line2: '',
  city: '',
  postalCode: '',
  country: '',
  region: '',
  phone: '',
};

/**
 * The address fields of a form (a company's billing or shipping address, the checkout's shipping
 * address): `registration` registers one part (e.g. `register('billingAddress.city')`), `errors`
 * holds the address's messages (the shared schema's, or the server's `billingAddress.city`).
 */
export function AddressFields({
  registration,
  errors,
  section,
  idPrefix,
}: {
  registration: (field: AddressField) => UseFormRegisterReturn;
  errors: Partial<Record<AddressField, FieldError>> | undefined;
  /** The browser's autofill section: 'billing' or 'shipping'. */
  section: 'billing' | 'shipping';
  /** Fixed field ids (`${idPrefix}-city`) instead of generated ones. */
  idPrefix?: string;
}) {
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      {FIELDS.map((f) => (
        <TextField
          key={f.name}
          label={f.label}
          id={idPrefix ? `${idPrefix}-${f.name}` : undefined}
          type={f.type ?? 'text'}
          autoComplete={`${section} ${f.autoComplete}`}
          error={errors?.[f.name]}
          registration={registration(f.name)}
        />
      ))}
    </div>
  );
}
