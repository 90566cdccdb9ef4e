import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { toast } from 'react-toastify';
import {
  checkoutInputSchema,
  planOrder,
  type CartLine,
  type CheckoutInput,
  type CheckoutInputValues,
  type Company,
  type CompanyAddress,
  type Order,
  type StoredShippingAddress,
} from '@bulkparts/shared';
import { E4_PER_DOLLAR, formatCents } from '@bulkparts/shared/money';
import { applyFieldErrors, LinesFailureMessage, type LinesFailure } from '@/components/ui/form';
import { ApiClientError, errorMessage } from '@/lib/api-client';
import { newIdempotencyKey } from '@/features/orders/api/order-queries';
import { alreadyOrderedOf, useCheckout, type AlreadyOrdered } from '../api/checkout';
import { OrderDetailsFields, orderDetailsDefaults } from './order-details-fields';
import { DispatchEstimate } from '@/components/ui/dispatch-estimate';
import { OrderTotalsBlock } from '@/components/ui/order-totals';
import { taxQueries } from '@/features/tax/api/tax-queries';
import { creditAvailableCents } from './payment-choice';
import { cartQueries } from '../api/cart-queries';
import { chosenOption, ShippingOptions } from './shipping-options';

/** The 409 code of an order that would pass the company's credit limit (issue 18). */
const CREDIT_LIMIT_EXCEEDED = 'CREDIT_LIMIT_EXCEEDED';

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
  /** The cart's lines at the buyer's prices: the order's plan (its total, whether it goes to an approver) is made from them. */
  lines?: readonly Pick<CartLine, 'unitPrice' | 'quantity' | 'availableQuantity' | 'backorder' | 'taxClass'>[];
  /** Issue 29: the buyer's per-order spending limit in dollars (null: none), to warn before an order goes to an approver. */
  spendingLimit?: number | null;
}

const cents = (dollars: number) => Math.round(dollars * 100);

/** The value once it has stopped changing for `ms` (a country being typed asks for its tax once). */
function useSettled<T>(value: T, ms = 300): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * Issue 29: where a placed order takes the buyer. A card order waiting for payment goes straight to
 * its payment page; one waiting for approval or invoiced is told on the checkout page (null).
 */
export function placedOrderPath(order: Pick<Order, '_id' | 'status'>): string | null {
  if (order.status === 'awaiting_approval' || order.status === 'invoiced') return null;
  if (order.status === 'pending') return `/dashboard/payment/${encodeURIComponent(order._id)}`;
  return '/dashboard/myorders';
}

/** The 409 for an order past the company's credit: what happened and what to do instead. */
function creditFailureMessage(message: string, company: Company | null | undefined): string {
  if (!company || company.creditLimit === null) return `${message}. Pay by card instead.`;
  const available = creditAvailableCents(company) ?? 0;
  return `${message}: ${company.name} has ${formatCents(available)} of its ${formatCents(cents(company.creditLimit))} credit left. Pay by card instead, or ask your company to settle open invoices.`;
}

/**
 * Shipping address (pre-filled from the profile, or picked from the company's), PO number and note,
 * for a company on terms the payment choice, then 'Place order': the cart becomes one order. A 400
 * puts its messages under the fields; a 409 names each short line, says the credit limit is reached
 * or the cart changed meanwhile (the refreshed cart shows how; order again), or hands on the order
 * an overlapping checkout made of this cart.
 */
export function CheckoutForm({
  address,
  buyerName,
  blocked,
  onPlaced,
  onAlreadyOrdered,
  company = null,
  companyAddresses = [],
  lines = [],
  spendingLimit = null,
}: CheckoutFormProps) {
  const place = useCheckout();
  // One key per form: a double click or a retry after a lost answer places one order.
  const [idempotencyKey] = useState(newIdempotencyKey);
  const [failure, setFailure] = useState<LinesFailure | null>(null);
  const form = useForm<CheckoutInputValues, unknown, CheckoutInput>({
    resolver: zodResolver(checkoutInputSchema),
    defaultValues: orderDetailsDefaults(address, buyerName),
  });
  const { handleSubmit, setError, formState } = form;
  const terms = company?.paymentTerms ?? null;
  const limitCents = spendingLimit === null ? null : cents(spendingLimit);
  // The one plan of an order (packages/shared plan-order.ts), as the server makes it when placing:
  // the cart's lines at the prices the server gave them, the buyer's limit. Stock and line rules
  // are the cart's to show, so only the total and the status are read here.
  const fulfilment = useWatch({ control: form.control, name: 'fulfilment' });
  // Issue 30: the chosen shipping method's charge (the options' query is the picker's; read from its cache here).
  const [shippingMethod, country] = useWatch({ control: form.control, name: ['shippingMethod', 'shippingAddress.country'] });
  const shippingOptions = useQuery(cartQueries.shippingOptions(country ?? ''));
  const shipping = chosenOption(shippingOptions.data, shippingMethod);
  // Issue 30: the ship-to's tax context (the server's, for the shared planOrder), so the totals shown are the order's.
  const taxCountry = useSettled(country ?? '');
  const region = useSettled(useWatch({ control: form.control, name: 'shippingAddress.region' }) ?? '');
  const tax = useQuery(taxQueries.context(taxCountry, region));
  const plan = planOrder({
    buyer: { spendingLimitCents: limitCents, paymentTerms: terms, creditLimitCents: null, creditUsedCents: 0 },
    lines: lines.map((l) => ({
      // Issue 31: each line's stock and backorder settings, so the plan says what ships when.
      product: {
        priceE4: Math.round(l.unitPrice * E4_PER_DOLLAR),
        minimumOrderQuantity: 1,
        availableQuantity: l.availableQuantity,
        archived: false,
        backorder: l.backorder,
        taxClass: l.taxClass,
      },
      quantity: l.quantity,
    })),
    paymentMethod: 'card',
    now: new Date().toISOString(),
    fulfilment,
    shipping: shipping ? { priceCents: cents(shipping.price) } : undefined,
    tax: tax.data,
  });
  const total = plan.totalCents / 100;
  const toApprover = plan.status === 'awaiting_approval';
  const backordered = plan.lines.some((l) => l.availability.backordered > 0);

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
    <FormProvider {...form}>
      <form onSubmit={onSubmit} noValidate className="space-y-6" aria-label="Checkout">
        <OrderDetailsFields idPrefix="checkout" company={company} companyAddresses={companyAddresses} total={total} backordered={backordered} />
        {lines.length > 0 && <ShippingOptions />}
        {lines.length > 0 && <DispatchEstimate dispatch={plan.dispatch} />}
        {lines.length > 0 && <OrderTotalsBlock totals={plan.totals} estimate={!tax.data || tax.isPlaceholderData} />}
        <LinesFailureMessage failure={failure} />
        {toApprover && limitCents !== null && (
          <p role="status" className="rounded-box border border-amber-300 bg-amber-50 p-3 text-sm font-medium text-amber-800">
            This order is above your {formatCents(limitCents)} limit and will go to an approver
          </p>
        )}
        <button type="submit" className="btn btn-primary w-full sm:w-auto" disabled={blocked || formState.isSubmitting}>
          {formState.isSubmitting ? 'Placing order…' : 'Place order'}
        </button>
      </form>
    </FormProvider>
  );
}
