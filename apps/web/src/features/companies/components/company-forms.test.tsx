import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COMPANY_MESSAGES, type Company, type Member } from '@bulkparts/shared';
import { apiError, json, renderWithApi as render, resetFakeApi, serveRoutes, toastType, writes } from '@/test/fake-api';
import { CompanyAddressForm } from './company-address-form';
import { CompanyForm } from './company-form';
import { InviteMemberForm } from './invite-member-form';
import { MemberEditDialog } from './member-edit-dialog';

afterEach(resetFakeApi);

const company: Company = {
  id: 'c1',
  name: 'Acme Fasteners',
  taxId: 'DE123',
  billingAddress: { name: 'Accounts', line1: '1 Main St', city: 'Berlin', postalCode: '10115', country: 'Germany' },
  paymentTerms: null,
  creditLimit: null,
  creditUsed: 0,
  discountPercent: null,
  createdAt: '2026-11-01T10:00:00.000Z',
  myRole: 'admin',
  mySpendingLimit: null,
  memberCount: 2,
};

async function fillAddress(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Name'), 'Accounts');
  await user.type(screen.getByLabelText('Address line 1'), '1 Main St');
  await user.type(screen.getByLabelText('Postal code'), '10115');
  await user.type(screen.getByLabelText('City'), 'Berlin');
  await user.type(screen.getByLabelText('Country'), 'Germany');
}

describe('CompanyForm', () => {
  it('names every missing field under it and sends nothing', async () => {
    const sent = serveRoutes({});
    const user = userEvent.setup({ delay: null });
    render(<CompanyForm onSaved={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Create company' }));
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((a) => a.textContent)).toEqual([
      'Company name is required',
      'Name is required',
      'Address line 1 is required',
      'Postal code is required',
      'City is required',
      'Country is required',
    ]);
    expect(screen.getByLabelText('Company name').getAttribute('aria-invalid')).toBe('true');
    expect(sent).toEqual([]);
  });

  it('creates the company with the billing address (empty optional parts left out)', async () => {
    const user = userEvent.setup({ delay: null });
    const onSaved = vi.fn();
    const sent = serveRoutes({ 'POST /api/companies': [json(company, 201)] });
    render(<CompanyForm onSaved={onSaved} />);
    await user.type(screen.getByLabelText('Company name'), '  Acme Fasteners ');
    await fillAddress(user);
    await user.click(screen.getByRole('button', { name: 'Create company' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(company));
    expect(writes(sent).map((r) => r.body)).toEqual([
      {
        name: 'Acme Fasteners',
        billingAddress: { name: 'Accounts', line1: '1 Main St', city: 'Berlin', postalCode: '10115', country: 'Germany' },
      },
    ]);
  });

  it('puts the server’s field messages under the fields they name, and a refusal without fields above the button', async () => {
    const user = userEvent.setup({ delay: null });
    serveRoutes({
      'POST /api/companies': [
        apiError(400, 'VALIDATION_FAILED', 'Check the fields', { 'billingAddress.city': 'City is not known' }),
        apiError(409, 'CONFLICT', COMPANY_MESSAGES.alreadyMember),
      ],
    });
    render(<CompanyForm onSaved={vi.fn()} />);
    await user.type(screen.getByLabelText('Company name'), 'Acme');
    await fillAddress(user);
    await user.click(screen.getByRole('button', { name: 'Create company' }));
    expect((await screen.findByRole('alert')).textContent).toBe('City is not known');
    expect(screen.getByLabelText('City').getAttribute('aria-invalid')).toBe('true');

    await user.click(screen.getByRole('button', { name: 'Create company' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(COMPANY_MESSAGES.alreadyMember));
  });

  it('edits a company: starts from its values, an emptied tax id is removed (null)', async () => {
    const user = userEvent.setup({ delay: null });
    const sent = serveRoutes({ 'PATCH /api/companies/c1': [json(company)] });
    render(<CompanyForm company={company} onSaved={vi.fn()} onCancel={vi.fn()} />);
    expect((screen.getByLabelText('Company name') as HTMLInputElement).value).toBe('Acme Fasteners');
    expect((screen.getByLabelText('City') as HTMLInputElement).value).toBe('Berlin');
    await user.clear(screen.getByLabelText('Tax id (optional)'));
    await user.click(screen.getByRole('button', { name: 'Save company' }));
    await waitFor(() => expect(writes(sent)).toHaveLength(1));
    expect(writes(sent)[0]).toMatchObject({ method: 'PATCH', url: '/api/companies/c1', body: { name: 'Acme Fasteners', taxId: null } });
  });
});

describe('InviteMemberForm', () => {
  it('checks the email, sends email and role, and empties the email after', async () => {
    const sent = serveRoutes({
      'POST /api/companies/c1/invitations': [json({ id: 'i1', email: 'bo@example.com', role: 'approver', status: 'open', createdAt: '', expiresAt: '' }, 201)],
    });
    const user = userEvent.setup({ delay: null });
    render(<InviteMemberForm companyId="c1" />);
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/email/i);
    expect(sent).toEqual([]);

    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'bo@example.com');
    await user.selectOptions(screen.getByLabelText('Role'), 'approver');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(toastType(await screen.findByText('Invitation sent to bo@example.com'))).toBe('success');
    expect(writes(sent)).toEqual([{ method: 'POST', url: '/api/companies/c1/invitations', body: { email: 'bo@example.com', role: 'approver' } }]);
    await waitFor(() => expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe(''));
  });

  it('shows a second invitation’s refusal (409) under the form, and a field message under its field', async () => {
    serveRoutes({
      'POST /api/companies/c1/invitations': [
        apiError(409, 'CONFLICT', COMPANY_MESSAGES.alreadyInvited),
        apiError(400, 'VALIDATION_FAILED', 'Check the fields', { email: 'Enter a valid email' }),
      ],
    });
    const user = userEvent.setup({ delay: null });
    render(<InviteMemberForm companyId="c1" />);
    await user.type(screen.getByLabelText('Email'), 'bo@example.com');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect((await screen.findByRole('alert')).textContent).toBe(COMPANY_MESSAGES.alreadyInvited);

    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true'));
  });
});

describe('MemberEditDialog', () => {
  const buyer: Member = { userId: 'u2', email: 'bo@example.com', name: 'Bo', role: 'buyer', spendingLimit: 100 };
  const dialog = () => screen.getByRole('dialog', { hidden: true });

  it('saves a new role and an emptied limit (no limit: null)', async () => {
    const user = userEvent.setup({ delay: null });
    const onClose = vi.fn();
    const sent = serveRoutes({ 'PATCH /api/companies/c1/members/u2': [json({ ...buyer, role: 'approver', spendingLimit: null })] });
    render(<MemberEditDialog companyId="c1" member={buyer} isSelf={false} onClose={onClose} />);
    const limit = within(dialog()).getByLabelText('Spending limit per order ($)') as HTMLInputElement;
    expect(limit.value).toBe('100');
    await user.clear(limit);
    await user.selectOptions(within(dialog()).getByLabelText('Role'), 'approver');
    await user.click(within(dialog()).getByRole('button', { name: 'Save', hidden: true }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(writes(sent)).toEqual([{ method: 'PATCH', url: '/api/companies/c1/members/u2', body: { role: 'approver', spendingLimit: null } }]);
  });

  it('refuses a limit below zero or with three decimals, in the shared schema’s words', async () => {
    const sent = serveRoutes({});
    const user = userEvent.setup({ delay: null });
    render(<MemberEditDialog companyId="c1" member={buyer} isSelf={false} onClose={vi.fn()} />);
    const limit = within(dialog()).getByLabelText('Spending limit per order ($)');
    await user.clear(limit);
    await user.type(limit, '-5');
    await user.click(within(dialog()).getByRole('button', { name: 'Save', hidden: true }));
    expect((await within(dialog()).findByRole('alert', { hidden: true })).textContent).toBe('Spending limit must be more than 0');
    await user.clear(limit);
    await user.type(limit, '10.555');
    await user.click(within(dialog()).getByRole('button', { name: 'Save', hidden: true }));
    await waitFor(() => expect(within(dialog()).getByRole('alert', { hidden: true }).textContent).toBe('Spending limit can have at most two decimals'));
    expect(sent).toEqual([]);
  });

  it('never offers one’s own role, sends only the limit, and shows the server’s refusal', async () => {
    const user = userEvent.setup({ delay: null });
    const me: Member = { userId: 'u1', email: 'al@example.com', name: 'Al', role: 'admin', spendingLimit: null };
    const sent = serveRoutes({
      'PATCH /api/companies/c1/members/u1': [
        apiError(400, 'VALIDATION_FAILED', 'Check the fields', { spendingLimit: 'Spending limit is too large' }),
        apiError(409, 'CONFLICT', COMPANY_MESSAGES.lastAdmin),
      ],
    });
    render(<MemberEditDialog companyId="c1" member={me} isSelf onClose={vi.fn()} />);
    expect(within(dialog()).queryByLabelText('Role')).toBeNull();
    expect(dialog().textContent).toContain('you cannot change your own role');
    await user.type(within(dialog()).getByLabelText('Spending limit per order ($)'), '500');
    await user.click(within(dialog()).getByRole('button', { name: 'Save', hidden: true }));
    expect((await within(dialog()).findByRole('alert', { hidden: true })).textContent).toBe('Spending limit is too large');
    expect(writes(sent)).toEqual([{ method: 'PATCH', url: '/api/companies/c1/members/u1', body: { spendingLimit: 500 } }]);

    await user.click(within(dialog()).getByRole('button', { name: 'Save', hidden: true }));
    await waitFor(() => expect(dialog().textContent).toContain(COMPANY_MESSAGES.lastAdmin));
  });
});

describe('CompanyAddressForm', () => {
  it('asks for a label and the address, then sends them', async () => {
    const user = userEvent.setup({ delay: null });
    const onDone = vi.fn();
    const sent = serveRoutes({ 'POST /api/companies/c1/addresses': [json({ id: 'a1', label: 'Main warehouse', address: {} }, 201)] });
    render(<CompanyAddressForm companyId="c1" onDone={onDone} />);
    await user.click(screen.getByRole('button', { name: 'Save address' }));
    expect((await screen.findAllByRole('alert'))[0]!.textContent).toBe('Label is required');
    expect(sent).toEqual([]);

    await user.type(screen.getByLabelText('Label'), 'Main warehouse');
    await fillAddress(user);
    await user.click(screen.getByRole('button', { name: 'Save address' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(writes(sent)).toEqual([
      {
        method: 'POST',
        url: '/api/companies/c1/addresses',
        body: { label: 'Main warehouse', address: { name: 'Accounts', line1: '1 Main St', city: 'Berlin', postalCode: '10115', country: 'Germany' } },
      },
    ]);
  });
});
