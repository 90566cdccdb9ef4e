import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@bulkparts/shared';
import { ApiClientError } from '@/lib/api-client';
import { AddProductForm } from './add-product-form';

const createProduct = vi.fn();
vi.mock('../api/create-product', () => ({ useCreateProduct: () => ({ mutateAsync: createProduct }) }));
vi.mock('../api/upload-product-image', () => ({ useUploadProductImage: () => ({ mutateAsync: vi.fn(), isPending: false }) }));
const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('react-toastify', () => ({ toast }));

beforeEach(() => vi.clearAllMocks());
afterEach(cleanup);

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

async function fillIn(user: ReturnType<typeof userEvent.setup>) {
  await user.type(input('Name'), 'E2E Flange Bolt');
  await user.type(input('Description'), 'Grade 8 flange bolt');
  await user.type(input('Price (per piece, $)'), '0.35');
  await user.type(input('Minimum order quantity'), '100');
  await user.type(input('Available quantity'), '4000');
  await user.type(input('Image URL'), 'https://example.com/bolt.svg');
  await user.click(screen.getByRole('button', { name: 'Add Product' }));
}

describe('AddProductForm (built from the form kit)', () => {
  it('refuses empty number fields in the schema’s words', async () => {
    const user = userEvent.setup();
    render(<AddProductForm />);
    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    await waitFor(() => expect(input('Price (per piece, $)').getAttribute('aria-invalid')).toBe('true'));
    const messages = screen.getAllByRole('alert').map((a) => a.textContent);
    expect(messages).toContain('Price must be a number');
    expect(messages).toContain('Minimum order quantity must be a number');
    expect(createProduct).not.toHaveBeenCalled();
  });

  it('sends numbers, says the spec’s success text, and empties every field, numbers included', async () => {
    createProduct.mockResolvedValueOnce({});
    const user = userEvent.setup();
    render(<AddProductForm />);
    await fillIn(user);
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(MESSAGES.addProductSuccess));
    expect(createProduct.mock.calls[0]![0]).toMatchObject({ name: 'E2E Flange Bolt', price: 0.35, minimumOrderQuantity: 100, availableQuantity: 4000 });
    await waitFor(() => expect(input('Price (per piece, $)').value).toBe(''));
    for (const label of ['Name', 'Description', 'Minimum order quantity', 'Available quantity', 'Image URL']) expect(input(label).value).toBe('');
  });

  it('puts the server’s field messages under the fields and toasts its message', async () => {
    createProduct.mockRejectedValueOnce(new ApiClientError(400, 'VALIDATION', 'Check the product', { name: 'A product with this name exists' }));
    const user = userEvent.setup();
    render(<AddProductForm />);
    await fillIn(user);
    expect((await screen.findByRole('alert')).textContent).toBe('A product with this name exists');
    expect(input('Name').getAttribute('aria-invalid')).toBe('true');
    expect(toast.error).toHaveBeenCalledWith('Check the product');
  });
});
