import { zodResolver } from '@hookform/resolvers/zod';
import { formatDollars } from '@bulkparts/shared/money';
import { useState } from 'react';
import { useForm, type UseFormRegisterReturn } from 'react-hook-form';
import { toast } from 'react-toastify';
import type { Order } from '@bulkparts/shared';
import { cardFormSchema, type CardForm } from '@bulkparts/shared/payment';
import { formatCardNumber } from '@bulkparts/shared/card';
import { applyFieldErrors, FormError, TextField } from '@/components/ui/form';
import { ApiClientError } from '@/lib/api-client';
import { usePayOrder } from '../api/pay-order';

type CardOutput = ReturnType<typeof cardFormSchema.parse>;
const CARD_FIELDS = ['cardNumber', 'expiry', 'cvc'] as const;

/**
 * The embedded test card gateway's panel. The card number goes to our server for this one call
 * and is never stored (only brand and last four); the browser can autofill it (cc-* autocomplete).
 */
export function CardPaymentForm({ order }: { order: Order }) {
  const pay = usePayOrder();
  const [alert, setAlert] = useState<string | null>(null);
  const { register, handleSubmit, setError, setValue, setFocus, formState } = useForm<CardForm, unknown, CardOutput>({
    resolver: zodResolver(cardFormSchema),
    defaultValues: { cardNumber: '', expiry: '', cvc: '' },
  });
  const { errors } = formState;
  const cardNumber = register('cardNumber');
  // Grouped in fours as typed, so a number can be checked against the card at a glance.
  const cardNumberRegistration: UseFormRegisterReturn<'cardNumber'> = {
    ...cardNumber,
    onChange: (event: { target: HTMLInputElement }) => {
      event.target.value = formatCardNumber(event.target.value);
      return cardNumber.onChange(event);
    },
  };

  const onSubmit = handleSubmit(async (card) => {
    setAlert(null);
    try {
      const result = await pay.mutateAsync({ id: order._id, input: card });
      if (result.status === 'redirect' && result.redirectUrl) window.location.assign(result.redirectUrl);
      else toast.success(result.message);
    } catch (err) {
      if (!(err instanceof ApiClientError)) {
        setAlert('Could not pay. Please try again.');
        return;
      }
      // A decline (402), an order paid meanwhile (409) or anything else: said on the page.
      if (!applyFieldErrors(err, setError, { only: CARD_FIELDS })) setAlert(err.message);
      // A declined number is not left on screen to be sent again (or seen over a shoulder).
      if (err.status === 402) {
        setValue('cardNumber', '');
        setFocus('cardNumber');
      }
      if (err.status === 409) toast.info(err.message);
    }
  });

  return (
    <section aria-labelledby="card-payment-title" className="card card-border bg-base-100">
      <form onSubmit={onSubmit} noValidate className="card-body gap-4 p-4 sm:p-6">
        <h2 id="card-payment-title" className="card-title">
          Pay by card
        </h2>
        <p className="text-sm text-base-content/70">Test card gateway: no real money is taken. 4242 4242 4242 4242 pays; 4000 0000 0000 0002 is declined.</p>
        <TextField
          label="Card number"
          autoComplete="cc-number"
          inputMode="numeric"
          placeholder="1234 1234 1234 1234"
          maxLength={23}
          registration={cardNumberRegistration}
          error={errors.cardNumber}
        />
        <div className="grid grid-cols-2 gap-4">
          <TextField
            label="Expiry"
            autoComplete="cc-exp"
            inputMode="numeric"
            placeholder="MM/YY"
            maxLength={7}
            registration={register('expiry')}
            error={errors.expiry}
          />
          <TextField label="CVC" autoComplete="cc-csc" inputMode="numeric" placeholder="123" maxLength={4} registration={register('cvc')} error={errors.cvc} />
        </div>
        <FormError message={alert} variant="panel" />
        <button type="submit" className="btn btn-primary w-full" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? 'Paying…' : `Pay ${formatDollars(order.total)}`}
        </button>
      </form>
    </section>
  );
}
