import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiUploadError } from '@/lib/upload-with-progress';
import type * as ImportApi from '../api/import-products';
import { ProductImport } from './product-import';

const send = vi.fn();
vi.mock('../api/import-products', async (importOriginal) => ({
  ...(await importOriginal<typeof ImportApi>()),
  useImportProducts: () => ({ mutateAsync: send }),
}));
const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('react-toastify', () => ({ toast }));

beforeEach(() => vi.clearAllMocks());
afterEach(cleanup);

const csv = (text: string) => new File([text], 'catalogue.csv', { type: 'text/csv' });

describe('ProductImport', () => {
  it('checks a picked file first, lists every row error, and keeps Import off until a clean file', async () => {
    send.mockResolvedValueOnce({ created: 1, updated: 0, errors: [{ row: 3, column: 'price', message: 'Price must be a number' }] });
    const user = userEvent.setup({ delay: null });
    render(<ProductImport />);
    expect(screen.getByRole('link', { name: 'Download the current catalogue as CSV' }).getAttribute('href')).toBe('/api/service/export.csv');
    await user.upload(screen.getByLabelText('CSV file'), csv('bad'));
    expect((await screen.findByRole('alert')).textContent).toContain('1 problem in this file');
    expect(screen.getByText('1 product will be created, 0 updated')).toBeTruthy();
    expect(screen.getAllByRole('cell').map((c) => c.textContent)).toEqual(['3', 'price', 'Price must be a number']);
    expect((screen.getByRole('button', { name: 'Import' }) as HTMLButtonElement).disabled).toBe(true);
    expect(send.mock.calls[0]![0]).toMatchObject({ dryRun: true });

    send.mockResolvedValueOnce({ created: 2, updated: 1, errors: [] }).mockResolvedValueOnce({ created: 2, updated: 1, errors: [] });
    await user.upload(screen.getByLabelText('CSV file'), csv('good'));
    await screen.findByText('2 products will be created, 1 updated');
    expect(screen.queryByRole('alert')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Import' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Imported: 2 created, 1 updated'));
    expect(send.mock.calls.map((c) => c[0].dryRun)).toEqual([true, true, false]);
  });

  it('shows the rows of a refused import (400) and the message of a refused file (413/415)', async () => {
    send
      .mockResolvedValueOnce({ created: 1, updated: 0, errors: [] })
      .mockRejectedValueOnce(
        new ApiUploadError(
          400,
          'VALIDATION_FAILED',
          'A row has errors; nothing was imported',
          {},
          {
            created: 0,
            updated: 0,
            errors: [{ row: 2, column: 'category', message: 'Unknown category' }],
          },
        ),
      )
      .mockRejectedValueOnce(new ApiUploadError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the file as text/csv', {}, null));
    const user = userEvent.setup({ delay: null });
    render(<ProductImport />);
    await user.upload(screen.getByLabelText('CSV file'), csv('ok'));
    await user.click(await screen.findByRole('button', { name: 'Import' }));
    expect(await screen.findByText('Unknown category')).toBeTruthy();
    expect(toast.success).not.toHaveBeenCalled();
    await user.upload(screen.getByLabelText('CSV file'), csv('odd'));
    expect((await screen.findByRole('alert')).textContent).toBe('Send the file as text/csv');
  });
});
