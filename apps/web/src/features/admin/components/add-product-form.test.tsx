import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { MESSAGES, type Category } from '@bulkparts/shared';
import { apiError, findAlert, formAlerts, json, renderWithApi, resetFakeApi, serveRoutes, toastType, writes, type SentRequest } from '@/test/fake-api';
import { AddProductForm } from './add-product-form';
import { DUPLICATE_SPEC_MESSAGE } from './product-form-values';

const categories: Category[] = [
  { slug: 'fasteners', name: 'Fasteners', parent: null, count: 3 },
  { slug: 'hex-bolts', name: 'Hex bolts', parent: 'fasteners', count: 2 },
  { slug: 'bearings', name: 'Bearings', parent: null, count: 1 },
];

afterEach(resetFakeApi);

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

/** The shop's categories, and its answers to new products (`answers`, in turn); the requests sent are recorded. */
let sent: SentRequest[] = [];
function renderForm(...answers: Response[]) {
  sent = serveRoutes({ 'GET /api/categories': () => json(categories), 'POST /api/service': answers });
  return renderWithApi(<AddProductForm />);
}
/** The products the form sent. */
const products = () => writes(sent).map((r) => r.body as Record<string, unknown>);
const created = () => json({ _id: 'p9' }, 201);

async function fillIn(user: ReturnType<typeof userEvent.setup>, { submit = true } = {}) {
  await user.type(input('SKU'), 'fb-m8-40');
  await user.type(input('Name'), 'E2E Flange Bolt');
  await user.type(input('Description'), 'Grade 8 flange bolt');
  await user.type(input('Price (per piece, $)'), '0.35');
  await user.type(input('Minimum order quantity'), '100');
  await user.type(input('Available quantity'), '4000');
  await user.type(input('Image URL'), 'https://example.com/bolt.svg');
  if (submit) await user.click(screen.getByRole('button', { name: 'Add Product' }));
}

async function addSpec(user: ReturnType<typeof userEvent.setup>, n: number, name: string, value: string) {
  await user.click(screen.getByRole('button', { name: 'Add specification' }));
  await user.type(input(`Specification ${n}`), name);
  await user.type(input(`Value of specification ${n}`), value);
}

describe('AddProductForm (built from the form kit)', () => {
  it('refuses empty fields in the schema’s words, the SKU included', async () => {
    const user = userEvent.setup({ delay: null });
    renderForm();
    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    await waitFor(() => expect(input('Price (per piece, $)').getAttribute('aria-invalid')).toBe('true'));
    const messages = screen.getAllByRole('alert').map((a) => a.textContent);
    expect(messages).toContain('SKU is required');
    expect(messages).toContain('Price must be a number');
    expect(messages).toContain('Minimum order quantity must be a number');
    expect(products()).toEqual([]);
  });

  it('sends numbers and the SKU in capitals, says the spec’s success text, and empties every field, numbers included', async () => {
    const user = userEvent.setup({ delay: null });
    renderForm(created());
    await fillIn(user);
    expect(toastType(await findAlert(MESSAGES.addProductSuccess))).toBe('success');
    expect(products()[0]!).toMatchObject({
      sku: 'FB-M8-40',
      name: 'E2E Flange Bolt',
      price: 0.35,
      minimumOrderQuantity: 100,
      availableQuantity: 4000,
      category: null,
      attributes: {},
      img: 'https://example.com/bolt.svg',
      images: ['https://example.com/bolt.svg'],
    });
    await waitFor(() => expect(input('Price (per piece, $)').value).toBe(''));
    for (const label of ['SKU', 'Name', 'Description', 'Minimum order quantity', 'Available quantity', 'Image URL']) expect(input(label).value).toBe('');
  });

  it('puts the server’s field messages under the fields and toasts its message', async () => {
    const user = userEvent.setup({ delay: null });
    renderForm(apiError(400, 'VALIDATION', 'Check the product', { name: 'A product with this name exists' }));
    await fillIn(user);
    await waitFor(() => expect(formAlerts().map((a) => a.textContent)).toEqual(['A product with this name exists']));
    expect(input('Name').getAttribute('aria-invalid')).toBe('true');
    expect(toastType(await findAlert('Check the product'))).toBe('error');
  });

  it('shows a taken SKU (409) and an unknown category (400) under their inputs', async () => {
    const user = userEvent.setup({ delay: null });
    renderForm(
      apiError(409, 'CONFLICT', 'SKU FB-M8-40 is taken', { sku: 'Another product has this SKU' }),
      apiError(400, 'VALIDATION', 'Unknown category', { category: 'No such category' }),
    );
    await fillIn(user);
    await waitFor(() => expect(input('SKU').getAttribute('aria-invalid')).toBe('true'));
    expect(formAlerts().map((a) => a.textContent)).toEqual(['Another product has this SKU']);

    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    await waitFor(() => expect(screen.getByLabelText('Category').getAttribute('aria-invalid')).toBe('true'));
    expect(formAlerts().map((a) => a.textContent)).toContain('No such category');
  });
});

describe('AddProductForm: category, specifications and images', () => {
  it('lists the categories indented by depth, with none first', async () => {
    renderForm();
    const select = screen.getByLabelText('Category') as HTMLSelectElement;
    await waitFor(() => expect(select.options).toHaveLength(4));
    expect([...select.options].map((o) => o.textContent)).toEqual(['— none —', 'Fasteners', '\u00a0\u00a0Hex bolts', 'Bearings']);
  });

  it('turns the specification rows into the attributes object, in order, without removed or empty rows', async () => {
    const user = userEvent.setup({ delay: null });
    renderForm(created());
    await fillIn(user, { submit: false });
    await waitFor(() => expect((screen.getByLabelText('Category') as HTMLSelectElement).options).toHaveLength(4));
    await user.selectOptions(screen.getByLabelText('Category'), 'hex-bolts');
    await addSpec(user, 1, ' Thread ', 'M8');
    await addSpec(user, 2, 'Colour', 'Red');
    await addSpec(user, 3, 'Material', ' Steel 8.8 ');
    await user.click(screen.getByRole('button', { name: 'Add specification' }));
    await user.click(screen.getByRole('button', { name: 'Remove specification 2' }));
    expect(input('Specification 2').value).toBe('Material');
    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    await waitFor(() => expect(products()).toHaveLength(1));
    const product = products()[0]!;
    expect(product.category).toBe('hex-bolts');
    expect(product.attributes).toEqual({ Thread: 'M8', Material: 'Steel 8.8' });
    expect(Object.keys(product.attributes as object)).toEqual(['Thread', 'Material']);
    expect(product).not.toHaveProperty('specs');
  });

  it('refuses a specification name used twice (whatever its case) on the later row, and a name without a value', async () => {
    const user = userEvent.setup({ delay: null });
    renderForm(created());
    await fillIn(user, { submit: false });
    await addSpec(user, 1, 'Thread', 'M8');
    await addSpec(user, 2, 'thread ', 'M10');
    await user.click(screen.getByRole('button', { name: 'Add specification' }));
    await user.type(input('Specification 3'), 'Finish');
    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    await waitFor(() => expect(input('Specification 2').getAttribute('aria-invalid')).toBe('true'));
    expect(input('Specification 1').getAttribute('aria-invalid')).toBe('false');
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual([DUPLICATE_SPEC_MESSAGE, 'Specification values cannot be empty']);
    expect(input('Value of specification 3').getAttribute('aria-invalid')).toBe('true');
    expect(products()).toEqual([]);

    await user.clear(input('Specification 2'));
    await user.type(input('Specification 2'), 'Pitch');
    await user.type(input('Value of specification 3'), 'Zinc');
    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    await waitFor(() => expect(products()).toHaveLength(1));
    expect(products()[0]!.attributes).toEqual({ Thread: 'M8', Pitch: 'M10', Finish: 'Zinc' });
  });

  it('sends more images after the main one, and makes another one the main image', async () => {
    const user = userEvent.setup({ delay: null });
    renderForm(created());
    await fillIn(user, { submit: false });
    await user.click(screen.getByRole('button', { name: 'Add image URL' }));
    await user.type(input('Image 2'), '/images/products/side.svg');
    await user.click(screen.getByRole('button', { name: 'Add image URL' }));
    await user.type(input('Image 3'), 'not a url');
    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    const image3 = input('Image 3');
    await waitFor(() => expect(image3.getAttribute('aria-invalid')).toBe('true'));
    expect(within(image3.parentElement!).getByRole('alert').textContent).toBe('Image must be an http(s) URL or an uploaded image');
    await user.click(screen.getByRole('button', { name: 'Remove image 3' }));
    await user.click(screen.getByRole('button', { name: 'Make image 2 the main image' }));
    expect(input('Image URL').value).toBe('/images/products/side.svg');
    expect(input('Image 2').value).toBe('https://example.com/bolt.svg');
    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    await waitFor(() => expect(products()).toHaveLength(1));
    expect(products()[0]!).toMatchObject({
      img: '/images/products/side.svg',
      images: ['/images/products/side.svg', 'https://example.com/bolt.svg'],
    });
  });
});

describe('AddProductForm: the low-stock alert (issue 19)', () => {
  it('is a number field whose hint says empty means the shop-wide setting; empty sends null', async () => {
    const user = userEvent.setup({ delay: null });
    renderForm(created());
    const field = input('Low-stock alert below');
    expect(field.type).toBe('number');
    const hint = document.getElementById(field.getAttribute('aria-describedby')!)!;
    expect(hint.textContent).toMatch(/Empty: the shop-wide setting; 0: never/);
    await fillIn(user);
    await waitFor(() => expect(products()).toHaveLength(1));
    expect(products()[0]!).toMatchObject({ lowStockThreshold: null });
  });

  it('sends a whole number (0 included), and refuses a fraction or a negative in the schema’s words', async () => {
    const user = userEvent.setup({ delay: null });
    renderForm(created());
    await fillIn(user, { submit: false });
    const field = input('Low-stock alert below');
    await user.type(field, '1.5');
    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(within(field.parentElement!).getByRole('alert').textContent).toBe('Low-stock threshold must be a whole number');
    await user.clear(field);
    await user.type(field, '-1');
    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    await waitFor(() =>
      expect(within(field.parentElement!).getByRole('alert').textContent).toBe('Low-stock threshold cannot be negative (0 turns the alert off)'),
    );
    expect(products()).toEqual([]);

    await user.clear(field);
    await user.type(field, '0');
    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    await waitFor(() => expect(products()).toHaveLength(1));
    expect(products()[0]!).toMatchObject({ lowStockThreshold: 0 });
    // The form starts again empty: the next product follows the shop-wide setting unless told.
    await waitFor(() => expect(input('Low-stock alert below').value).toBe(''));
  });

  it('shows the server’s lowStockThreshold message under the field', async () => {
    const user = userEvent.setup({ delay: null });
    renderForm(apiError(400, 'VALIDATION_FAILED', 'Check the product', { lowStockThreshold: 'Low-stock threshold is too large' }));
    await fillIn(user, { submit: false });
    await user.type(input('Low-stock alert below'), '25');
    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    await waitFor(() => expect(input('Low-stock alert below').getAttribute('aria-invalid')).toBe('true'));
    expect(products()[0]!).toMatchObject({ lowStockThreshold: 25 });
    expect(within(input('Low-stock alert below').parentElement!).getByRole('alert').textContent).toBe('Low-stock threshold is too large');
  });
});
