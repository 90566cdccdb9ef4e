import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PunchoutConfig } from '@bulkparts/shared';
import { ApiClientError } from '@/lib/api-client';
import { PunchoutSetupForm } from './punchout-setup-form';

const save = vi.fn();
const remove = vi.fn();
vi.mock('../api/save-punchout-config', () => ({ useSavePunchoutConfig: () => ({ mutateAsync: save }) }));
vi.mock('../api/delete-punchout-config', () => ({ useDeletePunchoutConfig: () => ({ mutate: remove, isPending: false }) }));
const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('react-toastify', () => ({ toast }));

beforeEach(() => vi.clearAllMocks());
afterEach(cleanup);

const stored: PunchoutConfig = {
  companyId: 'c1',
  protocol: 'cxml',
  fromIdentity: { domain: 'NetworkID', identity: 'AN-BUYER' },
  senderIdentity: { domain: 'NetworkID', identity: 'AN-HUB' },
  hasSharedSecret: true,
  ociUsername: null,
  hasOciPassword: false,
  allowedReturnOrigins: ['https://s1.ariba.com'],
  memberEmail: 'punchout@buyer.example',
  shipTo: null,
  systemName: 'SAP Ariba',
  updatedAt: '2026-12-06T10:00:00.000Z',
  urls: {
    cxmlSetup: 'https://shop.example/punchout/cxml/setup',
    cxmlOrder: 'https://shop.example/punchout/cxml/order',
    oci: 'https://shop.example/punchout/oci',
  },
};

describe('PunchoutSetupForm', () => {
  it('names what a new setup lacks under each field, in the shared rules’ words, and sends nothing', async () => {
    const user = userEvent.setup({ delay: null });
    render(<PunchoutSetupForm companyId="c1" companyName="Acme" config={null} />);
    await user.type(screen.getByLabelText('Allowed return origins'), 'http://buyer.example');
    await user.click(screen.getByRole('button', { name: 'Save punchout setup' }));
    expect(await screen.findByText('The From identity is required for cXML')).toBeTruthy();
    expect(screen.getByText(/Each return origin must be an https origin/)).toBeTruthy();
    expect(screen.getByLabelText('From identity').getAttribute('aria-invalid')).toBe('true');
    expect(save).not.toHaveBeenCalled();
  });

  it('shows the URLs to give the buyer’s system, keeps stored secrets when left empty, and sends the origins as a list', async () => {
    save.mockResolvedValue(stored);
    const user = userEvent.setup({ delay: null });
    render(<PunchoutSetupForm companyId="c1" companyName="Acme" config={stored} />);
    expect(screen.getByText('https://shop.example/punchout/cxml/setup')).toBeTruthy();
    expect(screen.getByText('Stored (never shown); leave empty to keep it')).toBeTruthy();
    await user.type(screen.getByLabelText('Allowed return origins'), '\nhttps://second.buyer.example/path');
    await user.click(screen.getByRole('button', { name: 'Save punchout setup' }));
    await waitFor(() => expect(save).toHaveBeenCalled());
    const { input } = save.mock.calls[0]![0] as { input: Record<string, unknown> };
    expect(input).toMatchObject({
      protocol: 'cxml',
      fromIdentity: { domain: 'NetworkID', identity: 'AN-BUYER' },
      allowedReturnOrigins: ['https://s1.ariba.com', 'https://second.buyer.example'],
      memberEmail: 'punchout@buyer.example',
    });
    expect(input.sharedSecret).toBeUndefined();
    expect(toast.success).toHaveBeenCalledWith('Punchout of Acme saved');
  });

  it('puts the server’s messages under their fields, and a refusal without one above the button', async () => {
    const user = userEvent.setup({ delay: null });
    render(<PunchoutSetupForm companyId="c1" companyName="Acme" config={stored} />);
    save.mockRejectedValueOnce(new ApiClientError(400, 'VALIDATION_FAILED', 'x', { memberEmail: 'The punchout member must be a member of this company' }));
    await user.click(screen.getByRole('button', { name: 'Save punchout setup' }));
    expect(await screen.findByText('The punchout member must be a member of this company')).toBeTruthy();
    save.mockRejectedValueOnce(
      new ApiClientError(409, 'CONFLICT', 'Punchout orders are placed on account: give the company payment terms first', { paymentTerms: 'x' }),
    );
    await user.click(screen.getByRole('button', { name: 'Save punchout setup' }));
    expect(await screen.findByText('Punchout orders are placed on account: give the company payment terms first')).toBeTruthy();
  });
});
