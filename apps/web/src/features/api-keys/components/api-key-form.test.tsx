import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_KEY_MESSAGES, type CreatedApiKey } from '@bulkparts/shared';
import { ApiClientError } from '@/lib/api-client';
import { ApiKeyForm } from './api-key-form';
import { ApiKeySecret } from './api-key-secret';

const createApiKey = vi.fn();
vi.mock('../api/create-api-key', () => ({ useCreateApiKey: () => ({ mutateAsync: createApiKey }) }));
const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('react-toastify', () => ({ toast }));

beforeEach(() => vi.clearAllMocks());
afterEach(cleanup);

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
    const user = userEvent.setup({ delay: null });
    render(<ApiKeyForm onCreated={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    expect(await screen.findByText('Name is required')).toBeTruthy();
    expect(screen.getByText('Choose at least one scope')).toBeTruthy();
    expect(screen.getByLabelText('Name').getAttribute('aria-invalid')).toBe('true');
    expect(createApiKey).not.toHaveBeenCalled();
  });

  it('sends the name and the ticked scopes, and hands the created key (with its secret) on', async () => {
    createApiKey.mockResolvedValue(created);
    const onCreated = vi.fn();
    const user = userEvent.setup({ delay: null });
    render(<ApiKeyForm onCreated={onCreated} />);
    await user.type(screen.getByLabelText('Name'), 'ERP');
    await user.click(screen.getByRole('checkbox', { name: /orders:read/ }));
    await user.click(screen.getByRole('checkbox', { name: /stock:write/ }));
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(created));
    expect(createApiKey).toHaveBeenCalledWith({ name: 'ERP', scopes: ['orders:read', 'stock:write'] });
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('');
  });

  it('puts the server’s field errors under the fields', async () => {
    createApiKey.mockRejectedValue(new ApiClientError(400, 'VALIDATION_FAILED', 'Name is too long', { name: 'Name is too long' }));
    const user = userEvent.setup({ delay: null });
    render(<ApiKeyForm onCreated={vi.fn()} />);
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
    render(<ApiKeySecret created={created} onDone={vi.fn()} />);
    expect(screen.getByRole('alert').textContent).toBe(API_KEY_MESSAGES.shownOnce);
    expect(screen.getByText(created.secret)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Copy secret' }));
    expect(writeText).toHaveBeenCalledWith(created.secret);
    expect(toast.success).toHaveBeenCalledWith('Secret copied');
  });
});
