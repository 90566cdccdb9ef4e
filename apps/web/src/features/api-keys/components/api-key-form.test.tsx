import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { API_KEY_MESSAGES, type CreatedApiKey } from '@bulkparts/shared';
import { apiError, findAlert, json, renderWithApi, resetFakeApi, serveApi, toastType, writes } from '@/test/fake-api';
import { ApiKeyForm } from './api-key-form';
import { ApiKeySecret } from './api-key-secret';

afterEach(() => {
  resetFakeApi();
  vi.restoreAllMocks();
});

const created: CreatedApiKey = {
  _id: 'k1',
  name: 'ERP',
  scopes: ['orders:read', 'stock:write'],
  createdAt: '2026-11-25T08:00:00.000Z',
  lastUsedAt: null,
  secret: `bp_${'x'.repeat(43)}`,
};

describe('ApiKeyForm', () => {
  it('names the missing name and scopes under their fields and sends nothing', async () => {
    const sent = serveApi(() => undefined);
    const user = userEvent.setup({ delay: null });
    renderWithApi(<ApiKeyForm onCreated={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    expect(await screen.findByText('Name is required')).toBeTruthy();
    expect(screen.getByText('Choose at least one scope')).toBeTruthy();
    expect(screen.getByLabelText('Name').getAttribute('aria-invalid')).toBe('true');
    expect(sent).toEqual([]);
  });

  it('sends the name and the ticked scopes, and hands the created key (with its secret) on', async () => {
    const sent = serveApi((req) => (req.method === 'POST' && req.url === '/api/api-keys' ? json(created, 201) : undefined));
    const onCreated = vi.fn();
    const user = userEvent.setup({ delay: null });
    renderWithApi(<ApiKeyForm onCreated={onCreated} />);
    await user.type(screen.getByLabelText('Name'), 'ERP');
    await user.click(screen.getByRole('checkbox', { name: /orders:read/ }));
    await user.click(screen.getByRole('checkbox', { name: /stock:write/ }));
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(created));
    expect(writes(sent)).toEqual([{ method: 'POST', url: '/api/api-keys', body: { name: 'ERP', scopes: ['orders:read', 'stock:write'] } }]);
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('');
  });

  it('puts the server’s field errors under the fields', async () => {
    serveApi((req) => (req.url === '/api/api-keys' ? apiError(400, 'VALIDATION_FAILED', 'Name is too long', { name: 'Name is too long' }) : undefined));
    const user = userEvent.setup({ delay: null });
    renderWithApi(<ApiKeyForm onCreated={vi.fn()} />);
    await user.type(screen.getByLabelText('Name'), 'ERP');
    await user.click(screen.getByRole('checkbox', { name: /catalog:read/ }));
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    expect(await screen.findByText('Name is too long')).toBeTruthy();
  });
});

describe('ApiKeySecret', () => {
  it('shows the secret once with a warning and copies it', async () => {
    const user = userEvent.setup({ delay: null });
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    renderWithApi(<ApiKeySecret created={created} onDone={vi.fn()} />);
    expect(screen.getByRole('alert').textContent).toBe(API_KEY_MESSAGES.shownOnce);
    expect(screen.getByText(created.secret)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Copy secret' }));
    expect(writeText).toHaveBeenCalledWith(created.secret);
    expect(toastType(await findAlert('Secret copied'))).toBe('success');
  });
});
