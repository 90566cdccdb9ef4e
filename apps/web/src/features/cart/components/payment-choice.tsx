import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { PAYMENT_TERMS_DAYS, PAYMENT_TERMS_LABELS, type Company, type PaymentMethod, type PaymentTerms } from '@bulkparts/shared';
import { formatCents } from '@bulkparts/shared/money';
import { FieldError, type FieldMessage } from '@/components/ui/form';

const cents = (dollars: number) => Math.round(dollars * 100);

/** What the company may still buy on account, in cents; null without a credit limit. */
export function creditAvailableCents(company: Pick<Company, 'creditLimit' | 'creditUsed'>): number | null {
  return company.creditLimit === null ? null : Math.max(0, cents(company.creditLimit) - cents(company.creditUsed));
}

/** 'Pay on account (Net 30)': the one way the choice is named, at checkout and in tests. */
export function accountLabel(terms: PaymentTerms): string {
  return `Pay on account (${PAYMENT_TERMS_LABELS[terms]})`;
}

/** One choice: the radio named by its label, its hint read after the name. */
function PaymentOption({
  id,
  value,
  label,
  hint,
  registration,
}: {
  id: string;
  value: PaymentMethod;
  label: string;
  hint: string;
  registration: UseFormRegisterReturn;
}) {
  return (
    <div className="flex items-start gap-3 rounded-box border border-base-300 p-3 has-checked:border-primary">
      <input type="radio" id={id} value={value} className="radio radio-primary mt-0.5" aria-describedby={`${id}-hint`} {...registration} />
      <div>
        <label htmlFor={id} className="block cursor-pointer font-semibold">
          {label}
        </label>
        <p id={`${id}-hint`} className="text-sm text-base-content/70">
          {hint}
        </p>
      </div>
    </div>
  );
}

interface PaymentChoiceProps {
  /** The buyer's company; the choice is only drawn when it has payment terms. */
  company: Pick<Company, 'name' | 'paymentTerms' | 'creditLimit' | 'creditUsed'> & { paymentTerms: PaymentTerms };
  /** The order's total in dollars, to warn before the server refuses an order past the credit left. */
  total: number;
  /** What is chosen now (react-hook-form's `useWatch`). */
  value: PaymentMethod;
  registration: UseFormRegisterReturn;
  error?: FieldMessage;
}

/**
 * Checkout's payment choice for a member of a company paying on terms (issue 18): by card (paid on
 * the next page, as any order) or on account (invoiced to the company, due after its terms). The
 * company's credit limit, what its open invoices use and what is left are shown; the server
 * checks the limit again inside the order's transaction ('Credit limit exceeded').
 */
export function PaymentChoice({ company, total, value, registration, error }: PaymentChoiceProps) {
  const id = useId();
  const available = creditAvailableCents(company);
  const overLimit = value === 'account' && available !== null && cents(total) > available;
  const days = PAYMENT_TERMS_DAYS[company.paymentTerms];
  return (
    <fieldset className="space-y-3" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="mb-2 text-xl font-semibold">Payment</legend>
      <div className="space-y-2">
        <PaymentOption id={`${id}-card`} value="card" label="Pay by card" hint="Pay with a card after placing the order." registration={registration} />
        <PaymentOption
          id={`${id}-account`}
          value="account"
          label={accountLabel(company.paymentTerms)}
          hint={`Invoiced to ${company.name}; due ${days} days after the invoice, by bank transfer.`}
          registration={registration}
        />
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-box bg-base-200 p-3 text-sm">
        <dt className="text-base-content/70">Credit limit</dt>
        <dd>{company.creditLimit === null ? 'No limit' : formatCents(cents(company.creditLimit))}</dd>
        <dt className="text-base-content/70">Credit used</dt>
        <dd>{formatCents(cents(company.creditUsed))}</dd>
        {available !== null && (
          <>
            <dt className="text-base-content/70">Available</dt>
            <dd className="font-semibold">{formatCents(available)}</dd>
          </>
        )}
      </dl>
      {overLimit && (
        <p role="status" className="rounded-box border border-red-300 bg-red-50 p-3 text-sm font-medium text-red-700">
          This order ({formatCents(cents(total))}) is more than the credit available ({formatCents(available)}), so it cannot be paid on account. Pay by card,
          or ask your company to settle open invoices first.
        </p>
      )}
      <FieldError id={`${id}-error`} error={error} />
    </fieldset>
  );
}
