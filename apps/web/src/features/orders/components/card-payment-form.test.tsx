import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { Order } from '@bulkparts/shared';
import { cardFormSchema } from '@bulkparts/shared/payment';
import { apiError, json, renderWithApi, resetFakeApi, serveApi, writes, type SentRequest } from '@/test/fake-api';
import { CardPaymentForm } from './card-payment-form';

/**
 * The card form as a buyer types into it (moved here from the browser journeys: the rules are the
 * shared card schema's, the decline is the API's): the number grouped in fours, the expiry as MMYY
 * or MM / YY, bad fields refused before anything is sent, and a declined number cleared.
 */
afterEach(resetFakeApi);

const PAY = '/api/purchase/o1/pay';
/** The card payments sent: the body of each POST to the order's pay route. */
const payments = (sent: SentRequest[]) => writes(sent).map((r) => (r.method === 'POST' && r.url === PAY ? r.body : r));

const order = { _id: 'o1', total: 210 } as Order;

async function fill(user: ReturnType<typeof userEvent.setup>, card: { number: string; expiry: string; cvc?: string }) {
  await user.type(screen.getByLabelText('Card number'), card.number);
  if (card.expiry) await user.type(screen.getByLabelText('Expiry'), card.expiry);
  await user.type(screen.getByLabelText('CVC'), card.cvc ?? '123');
  await user.click(screen.getByRole('button', { name: 'Pay $210.00' }));
}

describe('CardPaymentForm: typing a card', () => {
  it('groups the number in fours as typed and takes the expiry as MMYY or MM / YY', async () => {
    const user = userEvent.setup({ delay: null });
    const sent = serveApi((req) => (req.url === PAY ? json({ status: 'paid', message: 'Payment received. Thank you!', orderId: 'o1' }) : undefined));
    renderWithApi(<CardPaymentForm order={order} />);
    await fill(user, { number: '4242424242424242', expiry: '1234' });
    expect((screen.getByLabelText('Card number') as HTMLInputElement).value).toBe('4242 4242 4242 4242');
    await waitFor(() => expect(payments(sent)).toHaveLength(1));
    // The schema's output, which the server checks with the same shared schema.
    expect(payments(sent)).toEqual([{ cardNumber: '4242424242424242', expiry: '1234', cvc: '123' }]);
    cleanup();

    renderWithApi(<CardPaymentForm order={order} />);
    await fill(user, { number: '4242424242424242', expiry: '12 / 34' });
    await waitFor(() => expect(payments(sent)).toHaveLength(2));
    const input = payments(sent)[1];
    expect(input).toEqual({ cardNumber: '4242424242424242', expiry: '12 / 34', cvc: '123' });
    expect(cardFormSchema.safeParse(input).success).toBe(true);
  });

  it('refuses a number that fails its check digit and a missing expiry next to the fields, and sends nothing', async () => {
    const sent = serveApi(() => undefined);
    const user = userEvent.setup({ delay: null });
    renderWithApi(<CardPaymentForm order={order} />);
    await fill(user, { number: '4242 4242 4242 4241', expiry: '' });
    const alerts = (await screen.findAllByRole('alert')).map((a) => a.textContent);
    expect(alerts).toContain('Card number is not valid');
    expect(alerts).toContain('Expiry is required');
    expect(screen.getByLabelText('Card number').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Expiry').getAttribute('aria-invalid')).toBe('true');
    expect(sent).toEqual([]);
  });

  it('clears a declined number and puts the cursor back in it', async () => {
    const user = userEvent.setup({ delay: null });
    serveApi((req) => (req.url === PAY ? apiError(402, 'CARD_DECLINED', 'Your card was declined.') : undefined));
    renderWithApi(<CardPaymentForm order={order} />);
    await fill(user, { number: '4000000000000002', expiry: '1234' });
    expect((await screen.findByRole('alert')).textContent).toBe('Your card was declined.');
    const number = screen.getByLabelText('Card number') as HTMLInputElement;
    await waitFor(() => expect(number.value).toBe(''));
    expect(document.activeElement).toBe(number);
  });
});
