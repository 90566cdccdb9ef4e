import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '@bulkparts/shared';
import { ApiClientError } from '@/lib/api-client';
import { needsShippingAddress, ShippingAddressNeeded } from './shipping-address-needed';

const saveAddress = vi.fn();
vi.mock('../api/set-shipping-address', () => ({ useSetShippingAddress: () => ({ mutateAsync: saveAddress }) }));
const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }));
vi.mock('react-toastify', () => ({ toast }));

beforeEach(() => vi.clearAllMocks());
afterEach(cleanup);

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
    saveAddress.mockResolvedValue({});
    render(<ShippingAddressNeeded order={order} />);
    expect(screen.getByRole('region', { name: 'This order has no shipping address yet' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('This order has no shipping address yet');

    await user.click(screen.getByRole('button', { name: 'Save shipping address' }));
    expect(await screen.findByText('Name is required')).toBeTruthy();
    expect(saveAddress).not.toHaveBeenCalled();

    await fillAddress(user);
    await user.click(screen.getByRole('button', { name: 'Save shipping address' }));
    expect(saveAddress).toHaveBeenCalledWith({
      id: 'o1',
      address: {
        company: undefined,
        name: 'Jo Buyer',
        line1: '1 Mill Lane',
        line2: undefined,
        city: 'Leeds',
        postalCode: 'LS1 1AA',
        country: 'UK',
        phone: undefined,
      },
    });
    expect(toast.success).toHaveBeenCalledWith('Shipping address saved');
  });

  it("puts the server's field messages on the fields, and any other refusal on the form", async () => {
    const user = userEvent.setup({ delay: null });
    saveAddress.mockRejectedValueOnce(new ApiClientError(400, 'VALIDATION', 'Invalid input', { country: 'Country is not one we ship to' }));
    render(<ShippingAddressNeeded order={order} />);
    await fillAddress(user);
    await user.click(screen.getByRole('button', { name: 'Save shipping address' }));
    expect(await screen.findByText('Country is not one we ship to')).toBeTruthy();
    expect(screen.getByLabelText('Country').getAttribute('aria-invalid')).toBe('true');
    expect(toast.success).not.toHaveBeenCalled();

    saveAddress.mockRejectedValueOnce(new ApiClientError(409, 'CONFLICT', 'The order has been shipped'));
    await user.click(screen.getByRole('button', { name: 'Save shipping address' }));
    expect(await screen.findByText('The order has been shipped')).toBeTruthy();
  });
});
