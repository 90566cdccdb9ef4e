import { useFormContext, useWatch } from 'react-hook-form';
import {
  ORDER_NOTE_MAX_LENGTH,
  PO_NUMBER_MAX_LENGTH,
  type CheckoutInputValues,
  type Company,
  type CompanyAddress,
  type StoredShippingAddress,
} from '@bulkparts/shared';
import { DEFAULT_FULFILMENT, FULFILMENT_LABELS, FULFILMENTS } from '@bulkparts/shared/backorder';
import { AddressFields, TextareaField, TextField } from '@/components/ui/form';
import { CompanyAddressPicker } from './company-address-picker';
import { PaymentChoice } from './payment-choice';

/** What an order's details start with: the buyer's last ship-to (the profile's), else their name; card. */
export function orderDetailsDefaults(address: StoredShippingAddress | null, buyerName: string): CheckoutInputValues {
  return {
    poNumber: '',
    note: '',
    paymentMethod: 'card',
    fulfilment: DEFAULT_FULFILMENT,
    shippingAddress: {
      company: address?.company ?? '',
      name: address?.name ?? buyerName,
      line1: address?.line1 ?? '',
      line2: address?.line2 ?? '',
      city: address?.city ?? '',
      postalCode: address?.postalCode ?? '',
      country: address?.country ?? '',
      phone: address?.phone ?? '',
    },
  };
}

export interface OrderDetailsFieldsProps {
  /** Field ids are `${idPrefix}-…` (e.g. `checkout-po-number`). */
  idPrefix: string;
  /** Issue 18: the buyer's company (null: none). With payment terms, the buyer may pay on account. */
  company?: Company | null;
  /** The company's shipping addresses, offered to fill the address fields. */
  companyAddresses?: readonly CompanyAddress[];
  /** The order's total in dollars (the credit check's figure). */
  total: number;
  /** Issue 31: some pieces are backordered: the buyer chooses how the order ships. */
  backordered?: boolean;
}

/**
 * The details every order is placed with (issue 29: the cart's checkout and the purchase page):
 * the ship-to (pre-filled, or picked from the company's addresses), PO number and note, and for a
 * company on terms the payment choice. Drawn inside a form whose values include
 * `CheckoutInputValues` (react-hook-form's `FormProvider`), validated there by `checkoutInputSchema`.
 */
export function OrderDetailsFields({ idPrefix, company = null, companyAddresses = [], total, backordered = false }: OrderDetailsFieldsProps) {
  const { register, setValue, control, formState } = useFormContext<CheckoutInputValues>();
  const { errors } = formState;
  const terms = company?.paymentTerms ?? null;
  const paymentMethod = useWatch({ control, name: 'paymentMethod' }) ?? 'card';

  function fillAddress({ address: a }: CompanyAddress) {
    const options = { shouldDirty: true, shouldValidate: formState.isSubmitted };
    setValue('shippingAddress.company', a.company ?? company?.name ?? '', options);
    for (const name of ['name', 'line1', 'line2', 'city', 'postalCode', 'country', 'phone'] as const)
      setValue(`shippingAddress.${name}`, a[name] ?? '', options);
  }

  return (
    <>
      <fieldset className="space-y-3">
        <legend className="mb-2 text-xl font-semibold">Shipping address</legend>
        {companyAddresses.length > 0 && <CompanyAddressPicker id={`${idPrefix}-company-address`} addresses={companyAddresses} onPick={fillAddress} />}
        <AddressFields section="shipping" idPrefix={idPrefix} registration={(f) => register(`shippingAddress.${f}`)} errors={errors.shippingAddress} />
      </fieldset>
      <fieldset className="space-y-3">
        <legend className="mb-2 text-xl font-semibold">Your reference</legend>
        <TextField
          label="PO number (optional)"
          id={`${idPrefix}-po-number`}
          hint={`Printed on the invoice; up to ${PO_NUMBER_MAX_LENGTH} characters`}
          autoComplete="off"
          error={errors.poNumber}
          registration={register('poNumber')}
        />
        <TextareaField
          label="Note (optional)"
          id={`${idPrefix}-note`}
          hint={`Delivery instructions and the like; up to ${ORDER_NOTE_MAX_LENGTH} characters`}
          error={errors.note}
          registration={register('note')}
        />
      </fieldset>
      {backordered && (
        <fieldset className="space-y-2">
          <legend className="mb-2 text-xl font-semibold">Delivery</legend>
          <p className="text-sm text-base-content/80">Some pieces are backordered. How should the order ship?</p>
          {FULFILMENTS.map((f) => (
            <label key={f} className="flex items-start gap-2">
              <input type="radio" className="radio radio-sm mt-0.5" value={f} {...register('fulfilment')} />
              <span>{FULFILMENT_LABELS[f]}</span>
            </label>
          ))}
        </fieldset>
      )}
      {company && terms && (
        <PaymentChoice
          company={{ ...company, paymentTerms: terms }}
          total={total}
          value={paymentMethod}
          registration={register('paymentMethod')}
          error={errors.paymentMethod}
        />
      )}
    </>
  );
}
