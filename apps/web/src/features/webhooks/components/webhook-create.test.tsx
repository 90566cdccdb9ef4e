import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WEBHOOK_MESSAGES, type WebhookCreated } from '@bulkparts/shared';
import { apiError, findAlert, json, renderWithApi, resetFakeApi, serveApi, toastType, writes } from '@/test/fake-api';
import { WebhookCreate } from './webhook-create';

afterEach(() => {
  resetFakeApi();
  vi.restoreAllMocks();
});

/** A server answering the new endpoint with `answer`; the requests sent are recorded. */
const serveWebhooks = (answer?: Response) => serveApi((req) => (req.method === 'POST' && req.url === '/api/webhooks' ? answer : undefined));

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
    const sent = serveWebhooks();
    const user = userEvent.setup({ delay: null });
    renderWithApi(<WebhookCreate />);
    await user.click(screen.getByRole('button', { name: 'Add endpoint' }));
    expect(await screen.findByText('url is required')).toBeTruthy();
    expect(screen.getByText('Choose at least one event')).toBeTruthy();
    expect(urlField().getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('group', { name: 'Events' }).getAttribute('aria-invalid')).toBe('true');
    expect(sent).toEqual([]);
  });

  it('refuses a URL that is not http or https', async () => {
    const sent = serveWebhooks();
    const user = userEvent.setup({ delay: null });
    renderWithApi(<WebhookCreate />);
    await user.type(urlField(), 'ftp://erp.example.com/hooks');
    await user.click(screen.getByRole('checkbox', { name: /order\.placed/ }));
    await user.click(screen.getByRole('button', { name: 'Add endpoint' }));
    expect(await screen.findByText(WEBHOOK_MESSAGES.urlInvalid)).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it('sends the URL and ticked events, then shows the secret once with a warning and a copy button', async () => {
    const sent = serveWebhooks(json(created, 201));
    const user = userEvent.setup({ delay: null });
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    renderWithApi(<WebhookCreate />);
    expect(screen.queryByText(/whsec_/)).toBeNull();
    await user.type(urlField(), ' https://erp.example.com/hooks ');
    await user.click(screen.getByRole('checkbox', { name: /order\.placed/ }));
    await user.click(screen.getByRole('checkbox', { name: /order\.paid/ }));
    await user.click(screen.getByRole('button', { name: 'Add endpoint' }));

    await waitFor(() => expect(screen.getByText(created.secret)).toBeTruthy());
    expect(writes(sent)).toEqual([
      { method: 'POST', url: '/api/webhooks', body: { url: 'https://erp.example.com/hooks', events: ['order.placed', 'order.paid'] } },
    ]);
    expect(screen.getByRole('alert').textContent).toBe(WEBHOOK_MESSAGES.secretShownOnce);
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: `Endpoint ${created.url} added` }));
    expect(urlField().value).toBe('');
    expect((screen.getByRole('checkbox', { name: /order\.placed/ }) as HTMLInputElement).checked).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Copy secret' }));
    expect(writeText).toHaveBeenCalledWith(created.secret);
    expect(toastType(await findAlert('Secret copied'))).toBe('success');

    // Once dismissed it is gone for good: nothing on the page can show it again.
    await user.click(screen.getByRole('button', { name: 'I have saved it' }));
    expect(screen.queryByText(created.secret)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Copy secret' })).toBeNull();
  });

  it('puts the server’s field errors under the fields and shows no secret', async () => {
    serveWebhooks(apiError(400, 'VALIDATION_FAILED', WEBHOOK_MESSAGES.urlPrivate, { url: WEBHOOK_MESSAGES.urlPrivate }));
    const user = userEvent.setup({ delay: null });
    renderWithApi(<WebhookCreate />);
    await user.type(urlField(), 'http://10.0.0.5/hooks');
    await user.click(screen.getByRole('checkbox', { name: /quote\.requested/ }));
    await user.click(screen.getByRole('button', { name: 'Add endpoint' }));
    expect(await screen.findByText(WEBHOOK_MESSAGES.urlPrivate)).toBeTruthy();
    expect(document.activeElement).toBe(urlField());
    expect(screen.queryByText(/whsec_/)).toBeNull();
  });

  it('says so when the server fails without naming a field', async () => {
    serveWebhooks(apiError(500, 'INTERNAL', 'Something went wrong. Please try again.'));
    const user = userEvent.setup({ delay: null });
    renderWithApi(<WebhookCreate />);
    await user.type(urlField(), 'https://erp.example.com/hooks');
    await user.click(screen.getByRole('checkbox', { name: /order\.shipped/ }));
    await user.click(screen.getByRole('button', { name: 'Add endpoint' }));
    expect(await screen.findByText('Something went wrong. Please try again.')).toBeTruthy();
  });
});
