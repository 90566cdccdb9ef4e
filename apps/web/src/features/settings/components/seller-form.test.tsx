import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { Seller } from '@bulkparts/shared';
import { apiError, json, renderWithApi, resetFakeApi, serveApi, writes } from '@/test/fake-api';
import { SellerForm } from './seller-form';

const SELLER: Seller = {
  legalName: 'Bulkparts Ltd',
  address: '1 Industrial Way, Springfield',
  region: null,
  country: 'US',
  taxNumber: null,
  registrationNumber: null,
  email: 'hello@bulkparts.local',
  phone: '+1 555 0100',
  timeZone: 'UTC',
  updatedAt: null,
};

const renderForm = () => renderWithApi(<SellerForm seller={SELLER} />);
const SAVE = '/api/settings/seller';

afterEach(resetFakeApi);

describe('the seller form (issue 30)', () => {
  it('saves the edited record, the country as its ISO code and empty numbers as none', async () => {
    const user = userEvent.setup();
    const sent = serveApi((req) =>
      req.method === 'PUT' && req.url === SAVE ? json({ ...SELLER, ...(req.body as object), updatedAt: '2026-11-28T00:00:00.000Z' }) : undefined,
    );
    renderForm();
    await user.clear(screen.getByLabelText('Address'));
    await user.type(screen.getByLabelText('Address'), 'Keizersgracht 1{enter}1015 CJ Amsterdam');
    await user.selectOptions(screen.getByLabelText('Country'), 'NL');
    await user.type(screen.getByLabelText('VAT or tax number (optional)'), 'NL123456789B01');
    await user.clear(screen.getByLabelText('Time zone'));
    await user.type(screen.getByLabelText('Time zone'), 'Europe/Amsterdam');
    await user.click(screen.getByRole('button', { name: 'Save seller details' }));
    await waitFor(() => expect(writes(sent)).toHaveLength(1));
    expect(writes(sent)[0]!.url).toBe(SAVE);
    expect(writes(sent)[0]!.body).toEqual({
      legalName: 'Bulkparts Ltd',
      address: 'Keizersgracht 1\n1015 CJ Amsterdam',
      region: null,
      country: 'NL',
      taxNumber: 'NL123456789B01',
      registrationNumber: null,
      email: 'hello@bulkparts.local',
      phone: '+1 555 0100',
      timeZone: 'Europe/Amsterdam',
    });
  });

  it('names a bad field before sending, and shows the server’s field errors', async () => {
    const sent = serveApi((req) => (req.url === SAVE ? apiError(400, 'VALIDATION', 'Invalid input', { taxNumber: 'Tax number is not valid' }) : undefined));
    const user = userEvent.setup();
    renderForm();
    await user.clear(screen.getByLabelText('Legal name'));
    await user.click(screen.getByRole('button', { name: 'Save seller details' }));
    expect(await screen.findByText('Legal name is required')).toBeTruthy();
    expect(sent).toEqual([]);

    await user.type(screen.getByLabelText('Legal name'), 'Bulkparts Ltd');
    await user.click(screen.getByRole('button', { name: 'Save seller details' }));
    expect(await screen.findByText('Tax number is not valid')).toBeTruthy();
  });
});
