import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { apiError, json, renderWithApi, resetFakeApi, serveApi, writes, type SentRequest } from '@/test/fake-api';
import { AddProductForm } from './add-product-form';

afterEach(resetFakeApi);

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
/** The form's own alerts (a toast is one too, and not what these tests read). */
const alerts = () =>
  screen
    .getAllByRole('alert')
    .filter((a) => !a.closest('.Toastify'))
    .map((a) => a.textContent);

/** A shop with no categories, answering the new product with `answer`; the requests sent are recorded. */
let sent: SentRequest[] = [];
function renderForm(answer?: Response) {
  sent = serveApi((req) => {
    if (req.method === 'GET' && req.url === '/api/categories') return json([]);
    if (req.method === 'POST' && req.url === '/api/service') return answer;
  });
  renderWithApi(<AddProductForm />);
  return userEvent.setup({ delay: null });
}

async function fillIn(user: ReturnType<typeof userEvent.setup>) {
  await user.type(input('SKU'), 'wr-m6');
  await user.type(input('Name'), 'Washer M6');
  await user.type(input('Price (per piece, $)'), '0.18');
  await user.type(input('Minimum order quantity'), '50');
  await user.type(input('Available quantity'), '5000');
  await user.type(input('Image URL'), 'https://example.com/washer.svg');
}

async function addTier(user: ReturnType<typeof userEvent.setup>, n: number, from: string, price: string) {
  await user.click(screen.getByRole('button', { name: 'Add tier' }));
  if (from) await user.type(input(`From Ps, tier ${n}`), from);
  if (price) await user.type(input(`Price ($), tier ${n}`), price);
}

const submit = (user: ReturnType<typeof userEvent.setup>) => user.click(screen.getByRole('button', { name: 'Add Product' }));

describe('Add Product: order multiple and price tier rows (issue 17)', () => {
  it('sends the tiers in order as { minQuantity, price }, without removed or empty rows, and the order multiple', async () => {
    const user = renderForm(json({ _id: 'p9' }, 201));
    await fillIn(user);
    expect(input('Order multiple').value).toBe('1');
    await user.clear(input('Order multiple'));
    await user.type(input('Order multiple'), '25');
    await addTier(user, 1, '100', '0.17');
    await addTier(user, 2, '200', '0.15');
    await addTier(user, 3, '500', '0.12');
    await addTier(user, 4, '', '');
    await user.click(screen.getByRole('button', { name: 'Remove tier 1' }));
    expect(input('From Ps, tier 1').value).toBe('200');
    await submit(user);
    await waitFor(() => expect(writes(sent)).toHaveLength(1));
    expect(writes(sent)[0]!.body).toMatchObject({
      orderMultiple: 25,
      priceTiers: [
        { minQuantity: 200, price: 0.15 },
        { minQuantity: 500, price: 0.12 },
      ],
    });
    await waitFor(() => expect(screen.queryByLabelText('From Ps, tier 1')).toBeNull());
    expect(input('Order multiple').value).toBe('1');
  });

  it('puts a row’s schema message under that row (an empty row before it skipped), and the list’s rule under the rows', async () => {
    const user = renderForm();
    await fillIn(user);
    await addTier(user, 1, '', '');
    await addTier(user, 2, '200', '');
    await submit(user);
    await waitFor(() => expect(input('Price ($), tier 2').getAttribute('aria-invalid')).toBe('true'));
    expect(input('Price ($), tier 1').getAttribute('aria-invalid')).toBe('false');
    expect(alerts()).toEqual(['Tier price must be a number']);

    await user.type(input('Price ($), tier 2'), '0.20');
    await submit(user);
    await waitFor(() => expect(alerts()).toEqual(['The first tier must be cheaper than the price']));
    expect(writes(sent)).toEqual([]);
  });

  it('shows the server’s priceTiers and orderMultiple messages with the form kit', async () => {
    const user = renderForm(
      apiError(400, 'VALIDATION', 'Check the product', {
        priceTiers: 'Tier quantities must go up from one tier to the next',
        orderMultiple: 'Too big',
      }),
    );
    await fillIn(user);
    await addTier(user, 1, '200', '0.15');
    await submit(user);
    await waitFor(() => expect(alerts()).toEqual(expect.arrayContaining(['Tier quantities must go up from one tier to the next', 'Too big'])));
    expect(input('Order multiple').getAttribute('aria-invalid')).toBe('true');
  });

  it('refuses an order multiple that is not a whole number of at least 1, in the schema’s words', async () => {
    const user = renderForm();
    await fillIn(user);
    await user.clear(input('Order multiple'));
    await user.type(input('Order multiple'), '0');
    await submit(user);
    await waitFor(() => expect(alerts()).toEqual(['Order multiple must be at least 1']));
  });
});
