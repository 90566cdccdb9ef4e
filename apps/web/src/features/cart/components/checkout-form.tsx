import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'react-toastify';
import {
  checkoutInputSchema,
  ORDER_NOTE_MAX_LENGTH,
  PO_NUMBER_MAX_LENGTH,
  type CheckoutInput,
  type CheckoutInputValues,
  type Company,
  type CompanyAddress,
  type Order,
  type StoredShippingAddress,
} from '@bulkparts/shared';
import { formatCents } from '@bulkparts/shared/money';
import { AddressFields, applyFieldErrors, LinesFailureMessage, TextareaField, TextField, type LinesFailure } from '@/components/ui/form';
import { ApiClientError, errorMessage } from '@/lib/api-client';
import { newIdempotencyKey } from '@/features/orders/api/order-queries';
import { alreadyOrderedOf, useCheckout, type AlreadyOrdered } from '../api/checkout';
import { CompanyAddressPicker } from './company-address-picker';
import { creditAvailableCents, PaymentChoice } from './payment-choice';

/** The 409 code of an order that would pass the company's credit limit (issue 18). */
const CREDIT_LIMIT_EXCEEDED = 'CREDIT_LIMIT_EXCEEDED';

/** What the form starts with: the address of the last checkout, else the buyer's name. */
function defaultsOf(address: StoredShippingAddress | null, buyerName: string): CheckoutInputValues {
  return {
    poNumber: '',
    note: '',
    paymentMethod: 'card',
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

interface CheckoutFormProps {
  address: StoredShippingAddress | null;
  buyerName: string;
  /** Disabled while a cart line has a problem (the server would refuse the whole order). */
  blocked: boolean;
  onPlaced: (order: Order) => void;
  /** Issue 28: an overlapping checkout (another tab, a retry) already made this cart an order; the page says which. */
  onAlreadyOrdered: (outcome: AlreadyOrdered) => void;
  /** Issue 18: the buyer's company (null: none). With payment terms, the buyer may pay on account. */
  company?: Company | null;
  /** The company's shipping addresses, offered to fill the address fields. */
  companyAddresses?: readonly CompanyAddress[];
  /** The cart's total in dollars (the credit check's figure). */
  total?: number;
}

/** The 409 for an order past the company's credit: what happened and what to do instead. */
function creditFailureMessage(message: string, company: Company | null | undefined): string {
  if (!company || company.creditLimit === null) return `${message}. Pay by card instead.`;
  const available = creditAvailableCents(company) ?? 0;
  return `${message}: ${company.name} has ${formatCents(available)} of its ${formatCents(Math.round(company.creditLimit * 100))} credit left. Pay by card instead, or ask your company to settle open invoices.`;
}

/**
 * Shipping address (pre-filled from the profile, or picked from the company's), PO number and note,
 * for a company on terms the payment choice, then 'Place order': the cart becomes one order. A 400
 * puts its messages under the fields; a 409 names each short line, says the credit limit is reached
 * or the cart changed meanwhile (the refreshed cart shows how; order again), or hands on the order
 * an overlapping checkout made of this cart.
 */
export function CheckoutForm({ address, buyerName, blocked, onPlaced, onAlreadyOrdered, company = null, companyAddresses = [], total = 0 }: CheckoutFormProps) {
  const place = useCheckout();
  // One key per form: a double click or a retry after a lost answer places one order.
  const [idempotencyKey] = useState(newIdempotencyKey);
  const [failure, setFailure] = useState<LinesFailure | null>(null);
  const { register, handleSubmit, setError, setValue, control, formState } = useForm<CheckoutInputValues, unknown, CheckoutInput>({
    resolver: zodResolver(checkoutInputSchema),
    defaultValues: defaultsOf(address, buyerName),
  });
  const { errors } = formState;
  const terms = company?.paymentTerms ?? null;
  const paymentMethod = useWatch({ control, name: 'paymentMethod' }) ?? 'card';

  function fillAddress({ address: a }: CompanyAddress) {
    const options = { shouldDirty: true, shouldValidate: formState.isSubmitted };
    setValue('shippingAddress.company', a.company ?? company?.name ?? '', options);
    for (const name of ['name', 'line1', 'line2', 'city', 'postalCode', 'country', 'phone'] as const)
      setValue(`shippingAddress.${name}`, a[name] ?? '', options);
  }

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      // Without terms the choice is not shown and the order is paid by card.
      const order = await place.mutateAsync({ ...values, paymentMethod: terms ? values.paymentMethod : 'card', idempotencyKey });
      toast.success(order.status === 'awaiting_approval' ? `Order ${order.orderNumber} sent for approval` : `Order ${order.orderNumber} placed`);
      onPlaced(order);
    } catch (err) {
      const alreadyOrdered = alreadyOrderedOf(err);
      if (alreadyOrdered) {
        onAlreadyOrdered(alreadyOrdered);
        return;
      }
      if (err instanceof ApiClientError && err.code === CREDIT_LIMIT_EXCEEDED) {
        setFailure({ message: creditFailureMessage(err.message, company), lines: [] });
        return;
      }
      const onFields = applyFieldErrors(err, setError, { shouldFocus: true });
      const lines = err instanceof ApiClientError ? err.lines : [];
      if (!onFields || lines.length) setFailure({ message: errorMessage(err, 'Could not place the order. Please try again.'), lines });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-6" aria-label="Checkout">
      <fieldset className="space-y-3">
        <legend className="mb-2 text-xl font-semibold">Shipping address</legend>
        {companyAddresses.length > 0 && <CompanyAddressPicker addresses={companyAddresses} onPick={fillAddress} />}
        <AddressFields section="shipping" idPrefix="checkout" registration={(f) => register(`shippingAddress.${f}`)} errors={errors.shippingAddress} />
      </fieldset>
      <fieldset className="space-y-3">
        <legend className="mb-2 text-xl font-semibold">Your reference</legend>
        <TextField
          label="PO number (optional)"
          id="checkout-po-number"
          hint={`Printed on the invoice; up to ${PO_NUMBER_MAX_LENGTH} characters`}
          autoComplete="off"
          error={errors.poNumber}
          registration={register('poNumber')}
        />
        <TextareaField
          label="Note (optional)"
          id="checkout-note"
          hint={`Delivery instructions and the like; up to ${ORDER_NOTE_MAX_LENGTH} characters`}
          error={errors.note}
          registration={register('note')}
        />
      </fieldset>
      {company && terms && (
        <PaymentChoice
          company={{ ...company, paymentTerms: terms }}
          total={total}
          value={paymentMethod}
          registration={register('paymentMethod')}
          error={errors.paymentMethod}
        />
      )}
      <LinesFailureMessage failure={failure} />
      <button type="submit" className="btn btn-primary w-full sm:w-auto" disabled={blocked || formState.isSubmitting}>
        {formState.isSubmitting ? 'Placing order…' : 'Place order'}
      </button>
    </form>
  );
}
