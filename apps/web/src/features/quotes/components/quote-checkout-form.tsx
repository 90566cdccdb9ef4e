import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type ReactNode } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { checkoutInputSchema, type CheckoutInput, type CheckoutInputValues, type Order, type Quote } from '@bulkparts/shared';
import { applyFieldErrors, LinesFailureMessage, type LinesFailure } from '@/components/ui/form';
import { ApiClientError, errorMessage } from '@/lib/api-client';
import { useAcceptQuote } from '../api/quote-mutations';

export interface QuoteCheckoutFormProps {
  quote: Quote;
  /** The details' starting values (the buyer's last ship-to, card). */
  defaultDetails: CheckoutInputValues;
  /** The checkout's fields (ship-to, PO number, note, payment), drawn inside this form; composed by the page. */
  details: ReactNode;
  /** Whether the payment choice is offered (a company on terms); otherwise the order is paid by card. */
  payOnAccount: boolean;
  onPlaced: (order: Order) => void;
}

/**
 * Issue 29: accepting an answered quote is a checkout. The lines are the quote's (shown beside,
 * not editable); the buyer gives the ship-to (required, as at checkout: the web never places an
 * order without one), a PO number, a note and, on terms, the payment method, and only 'Place order'
 * accepts. A 400 puts its messages under the fields; a 409 says why (short lines named, the quote
 * moved meanwhile, the company's credit) above the button.
 */
export function QuoteCheckoutForm({ quote, defaultDetails, details, payOnAccount, onPlaced }: QuoteCheckoutFormProps) {
  const accept = useAcceptQuote();
  const [failure, setFailure] = useState<LinesFailure | null>(null);
  const form = useForm<CheckoutInputValues, unknown, CheckoutInput>({ resolver: zodResolver(checkoutInputSchema), defaultValues: defaultDetails });
  const { handleSubmit, setError, formState } = form;

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      // Without terms the choice is not shown and the order is paid by card.
      const order = await accept.mutateAsync({ id: quote._id, ...values, paymentMethod: payOnAccount ? values.paymentMethod : 'card' });
      toast.success(
        order.status === 'awaiting_approval'
          ? `Quote accepted: order ${order.orderNumber} sent for approval`
          : `Quote accepted: order ${order.orderNumber} placed`,
      );
      onPlaced(order);
    } catch (err) {
      const onFields = applyFieldErrors(err, setError, { shouldFocus: true });
      const lines = err instanceof ApiClientError ? err.lines : [];
      if (!onFields || lines.length) setFailure({ message: errorMessage(err, 'Could not place the order. Please try again.'), lines });
    }
  });

  return (
    <FormProvider {...form}>
      <form onSubmit={onSubmit} noValidate className="space-y-6" aria-label={`Checkout for quote ${quote.quoteNumber}`}>
        {details}
        <LinesFailureMessage failure={failure} />
        <button type="submit" className="btn btn-primary w-full sm:w-auto" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? 'Placing order…' : 'Place order'}
        </button>
      </form>
    </FormProvider>
  );
}
