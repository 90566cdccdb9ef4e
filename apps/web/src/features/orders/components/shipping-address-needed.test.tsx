import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { Order } from '@bulkparts/shared';
import { apiError, json, renderWithApi, resetFakeApi, serveApi, toastType, writes } from '@/test/fake-api';
import { needsShippingAddress, ShippingAddressNeeded } from './shipping-address-needed';

afterEach(resetFakeApi);

const SAVE = '/api/purchase/o1/shipping-address';
/** A server whose answers to the order's ship-to are `answers`, in turn; the requests sent are recorded. */
const serveAddress = (...answers: Response[]) => serveApi((req) => (req.url === SAVE ? answers.shift() : undefined));

const order = { _id: 'o1', status: 'paid', shippingAddress: null } as Order;

async function fillAddress(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Name'), 'Jo Buyer');
  await user.type(screen.getByLabelText('Address line 1'), '1 Mill Lane');
  await user.type(screen.getByLabelText('Postal code'), 'LS1 1AA');
  await user.type(screen.getByLabelText('City'), 'Leeds');
  await user.type(screen.getByLabelText('Country'), 'UK');
}

describe('needsShippingAddress', () => {
  it('is true only without a ship-to, before the order is shipped or closed', () => {
    expect(needsShippingAddress(order)).toBe(true);
    expect(needsShippingAddress({ ...order, status: 'pending' })).toBe(true);
    expect(needsShippingAddress({ ...order, status: 'shipped' })).toBe(false);
    expect(needsShippingAddress({ ...order, status: 'cancelled' })).toBe(false);
    expect(needsShippingAddress({ ...order, shippingAddress: { name: 'Jo', line1: '1 Mill Lane', city: 'Leeds', postalCode: 'LS1', country: 'UK' } })).toBe(
      false,
    );
  });
});

describe('ShippingAddressNeeded', () => {
  it('says the order has no ship-to, checks the shared rules and saves the address', async () => {
    const user = userEvent.setup({ delay: null });
    const sent = serveAddress(json({ ...order, shippingAddress: {} }));
    renderWithApi(<ShippingAddressNeeded order={order} />);
    expect(screen.getByRole('region', { name: 'This order has no shipping address yet' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('This order has no shipping address yet');

    await user.click(screen.getByRole('button', { name: 'Save shipping address' }));
    expect(await screen.findByText('Name is required')).toBeTruthy();
    expect(sent).toEqual([]);

    await fillAddress(user);
    await user.click(screen.getByRole('button', { name: 'Save shipping address' }));
    expect(toastType(await screen.findByText('Shipping address saved'))).toBe('success');
    // Fields left empty are not sent.
    expect(writes(sent)).toEqual([
      { method: 'PATCH', url: SAVE, body: { name: 'Jo Buyer', line1: '1 Mill Lane', city: 'Leeds', postalCode: 'LS1 1AA', country: 'UK' } },
    ]);
  });

  it("puts the server's field messages on the fields, and any other refusal on the form", async () => {
    const user = userEvent.setup({ delay: null });
    const sent = serveAddress(
      apiError(400, 'VALIDATION', 'Invalid input', { country: 'Country is not one we ship to' }),
      apiError(409, 'CONFLICT', 'The order has been shipped'),
    );
    renderWithApi(<ShippingAddressNeeded order={order} />);
    await fillAddress(user);
    await user.click(screen.getByRole('button', { name: 'Save shipping address' }));
    expect(await screen.findByText('Country is not one we ship to')).toBeTruthy();
    expect(screen.getByLabelText('Country').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByText('Shipping address saved')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Save shipping address' }));
    expect(await screen.findByText('The order has been shipped')).toBeTruthy();
    await waitFor(() => expect(writes(sent)).toHaveLength(2));
  });
});
