import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { apiError, findAlert, json, renderWithApi, resetFakeApi, serveApi, toastType, type SentRequest } from '@/test/fake-api';
import { ProductImport } from './product-import';

afterEach(resetFakeApi);

const csv = (text: string) => new File([text], 'catalogue.csv', { type: 'text/csv' });

/** A server answering the uploads of the import with `answers`, in turn; the requests sent are recorded. */
const serveImports = (...answers: Response[]) =>
  serveApi((req) => (req.method === 'POST' && req.url.startsWith('/api/service/import?') ? answers.shift() : undefined));
/** Each upload's dryRun flag, in order. */
const dryRuns = (sent: SentRequest[]) => sent.map((r) => new URL(r.url, 'http://shop.test').searchParams.get('dryRun'));

describe('ProductImport', () => {
  it('checks a picked file first, lists every row error, and keeps Import off until a clean file', async () => {
    const sent = serveImports(
      json({ created: 1, updated: 0, errors: [{ row: 3, column: 'price', message: 'Price must be a number' }] }),
      json({ created: 2, updated: 1, errors: [] }),
      json({ created: 2, updated: 1, errors: [] }),
    );
    const user = userEvent.setup({ delay: null });
    renderWithApi(<ProductImport />);
    expect(screen.getByRole('link', { name: 'Download the current catalogue as CSV' }).getAttribute('href')).toBe('/api/service/export.csv');
    await user.upload(screen.getByLabelText('CSV file'), csv('bad'));
    expect((await screen.findByRole('alert')).textContent).toContain('1 problem in this file');
    expect(screen.getByText('1 product will be created, 0 updated')).toBeTruthy();
    expect(screen.getAllByRole('cell').map((c) => c.textContent)).toEqual(['3', 'price', 'Price must be a number']);
    expect((screen.getByRole('button', { name: 'Import' }) as HTMLButtonElement).disabled).toBe(true);
    expect(dryRuns(sent)).toEqual(['true']);
    expect(await (sent[0]!.body as File).text()).toBe('bad');

    await user.upload(screen.getByLabelText('CSV file'), csv('good'));
    await screen.findByText('2 products will be created, 1 updated');
    expect(screen.queryByRole('alert')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Import' }));
    expect(toastType(await findAlert('Imported: 2 created, 1 updated'))).toBe('success');
    expect(dryRuns(sent)).toEqual(['true', 'true', 'false']);
  });

  it('shows the rows of a refused import (400) and the message of a refused file (413/415)', async () => {
    serveImports(
      json({ created: 1, updated: 0, errors: [] }),
      json(
        {
          error: 'VALIDATION_FAILED',
          message: 'A row has errors; nothing was imported',
          created: 0,
          updated: 0,
          errors: [{ row: 2, column: 'category', message: 'Unknown category' }],
        },
        400,
      ),
      apiError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the file as text/csv'),
    );
    const user = userEvent.setup({ delay: null });
    renderWithApi(<ProductImport />);
    await user.upload(screen.getByLabelText('CSV file'), csv('ok'));
    await user.click(await screen.findByRole('button', { name: 'Import' }));
    expect(await screen.findByText('Unknown category')).toBeTruthy();
    expect(screen.queryByText(/^Imported:/)).toBeNull();
    await user.upload(screen.getByLabelText('CSV file'), csv('odd'));
    expect((await screen.findByRole('alert')).textContent).toBe('Send the file as text/csv');
  });
});
