import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WEBHOOK_MESSAGES, type WebhookCreated } from '@bulkparts/shared';
import { ApiClientError } from '@/lib/api-client';
import { WebhookCreate } from './webhook-create';

const createWebhook = vi.fn();
vi.mock('../api/create-webhook', () => ({ useCreateWebhook: () => ({ mutateAsync: createWebhook }) }));
const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('react-toastify', () => ({ toast }));

beforeEach(() => vi.clearAllMocks());
afterEach(cleanup);

const created: WebhookCreated = {
  _id: 'w1',
  url: 'https://erp.example.com/hooks',
  events: ['order.placed', 'order.paid'],
  active: true,
  createdAt: '2026-11-25T08:00:00.000Z',
  secret: `whsec_${'A'.repeat(32)}`,
};

const urlField = () => screen.getByLabelText('Endpoint URL') as HTMLInputElement;

describe('WebhookCreate', () => {
  it('names a missing URL and events under their fields and sends nothing', async () => {
    const user = userEvent.setup({ delay: null });
    render(<WebhookCreate />);
    await user.click(screen.getByRole('button', { name: 'Add endpoint' }));
    expect(await screen.findByText('url is required')).toBeTruthy();
    expect(screen.getByText('Choose at least one event')).toBeTruthy();
    expect(urlField().getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('group', { name: 'Events' }).getAttribute('aria-invalid')).toBe('true');
    expect(createWebhook).not.toHaveBeenCalled();
  });

  it('refuses a URL that is not http or https', async () => {
    const user = userEvent.setup({ delay: null });
    render(<WebhookCreate />);
    await user.type(urlField(), 'ftp://erp.example.com/hooks');
    await user.click(screen.getByRole('checkbox', { name: /order\.placed/ }));
    await user.click(screen.getByRole('button', { name: 'Add endpoint' }));
    expect(await screen.findByText(WEBHOOK_MESSAGES.urlInvalid)).toBeTruthy();
    expect(createWebhook).not.toHaveBeenCalled();
  });

  it('sends the URL and ticked events, then shows the secret once with a warning and a copy button', async () => {
    createWebhook.mockResolvedValue(created);
    const user = userEvent.setup({ delay: null });
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    render(<WebhookCreate />);
    expect(screen.queryByText(/whsec_/)).toBeNull();
    await user.type(urlField(), ' https://erp.example.com/hooks ');
    await user.click(screen.getByRole('checkbox', { name: /order\.placed/ }));
    await user.click(screen.getByRole('checkbox', { name: /order\.paid/ }));
    await user.click(screen.getByRole('button', { name: 'Add endpoint' }));

    await waitFor(() => expect(screen.getByText(created.secret)).toBeTruthy());
    expect(createWebhook).toHaveBeenCalledWith({ url: 'https://erp.example.com/hooks', events: ['order.placed', 'order.paid'] });
    expect(screen.getByRole('alert').textContent).toBe(WEBHOOK_MESSAGES.secretShownOnce);
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: `Endpoint ${created.url} added` }));
    expect(urlField().value).toBe('');
    expect((screen.getByRole('checkbox', { name: /order\.placed/ }) as HTMLInputElement).checked).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Copy secret' }));
    expect(writeText).toHaveBeenCalledWith(created.secret);
    expect(toast.success).toHaveBeenCalledWith('Secret copied');

    // Once dismissed it is gone for good: nothing on the page can show it again.
    await user.click(screen.getByRole('button', { name: 'I have saved it' }));
    expect(screen.queryByText(created.secret)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Copy secret' })).toBeNull();
  });

  it('puts the server’s field errors under the fields and shows no secret', async () => {
    createWebhook.mockRejectedValue(new ApiClientError(400, 'VALIDATION_FAILED', WEBHOOK_MESSAGES.urlPrivate, { url: WEBHOOK_MESSAGES.urlPrivate }));
    const user = userEvent.setup({ delay: null });
    render(<WebhookCreate />);
    await user.type(urlField(), 'http://10.0.0.5/hooks');
    await user.click(screen.getByRole('checkbox', { name: /quote\.requested/ }));
    await user.click(screen.getByRole('button', { name: 'Add endpoint' }));
    expect(await screen.findByText(WEBHOOK_MESSAGES.urlPrivate)).toBeTruthy();
    expect(document.activeElement).toBe(urlField());
    expect(screen.queryByText(/whsec_/)).toBeNull();
  });

  it('says so when the server fails without naming a field', async () => {
    createWebhook.mockRejectedValue(new ApiClientError(500, 'INTERNAL', 'Something went wrong. Please try again.'));
    const user = userEvent.setup({ delay: null });
    render(<WebhookCreate />);
    await user.type(urlField(), 'https://erp.example.com/hooks');
    await user.click(screen.getByRole('checkbox', { name: /order\.shipped/ }));
    await user.click(screen.getByRole('button', { name: 'Add endpoint' }));
    expect(await screen.findByText('Something went wrong. Please try again.')).toBeTruthy();
  });
});
