import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { PunchoutConfig } from '@bulkparts/shared';
import { apiError, json, renderWithApi, resetFakeApi, serveApi, toastType, writes } from '@/test/fake-api';
import { PunchoutSetupForm } from './punchout-setup-form';

afterEach(resetFakeApi);

const CONFIG = '/api/companies/c1/punchout';
/** A server whose answers to the company's punchout setup are `answers`, in turn; the requests sent are recorded. */
const servePunchout = (...answers: Response[]) => serveApi((req) => (req.url === CONFIG ? answers.shift() : undefined));

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
    const sent = servePunchout();
    const user = userEvent.setup({ delay: null });
    renderWithApi(<PunchoutSetupForm companyId="c1" companyName="Acme" config={null} />);
    await user.type(screen.getByLabelText('Allowed return origins'), 'http://buyer.example');
    await user.click(screen.getByRole('button', { name: 'Save punchout setup' }));
    expect(await screen.findByText('The From identity is required for cXML')).toBeTruthy();
    expect(screen.getByText(/Each return origin must be an https origin/)).toBeTruthy();
    expect(screen.getByLabelText('From identity').getAttribute('aria-invalid')).toBe('true');
    expect(sent).toEqual([]);
  });

  it('shows the URLs to give the buyer’s system, keeps stored secrets when left empty, and sends the origins as a list', async () => {
    const sent = servePunchout(json(stored));
    const user = userEvent.setup({ delay: null });
    renderWithApi(<PunchoutSetupForm companyId="c1" companyName="Acme" config={stored} />);
    expect(screen.getByText('https://shop.example/punchout/cxml/setup')).toBeTruthy();
    expect(screen.getByText('Stored (never shown); leave empty to keep it')).toBeTruthy();
    await user.type(screen.getByLabelText('Allowed return origins'), '\nhttps://second.buyer.example/path');
    await user.click(screen.getByRole('button', { name: 'Save punchout setup' }));
    await waitFor(() => expect(writes(sent)).toHaveLength(1));
    expect(writes(sent)[0]).toMatchObject({ method: 'PUT', url: CONFIG });
    const input = writes(sent)[0]!.body as Record<string, unknown>;
    expect(input).toMatchObject({
      protocol: 'cxml',
      fromIdentity: { domain: 'NetworkID', identity: 'AN-BUYER' },
      allowedReturnOrigins: ['https://s1.ariba.com', 'https://second.buyer.example'],
      memberEmail: 'punchout@buyer.example',
    });
    expect(input.sharedSecret).toBeUndefined();
    expect(toastType(await screen.findByText('Punchout of Acme saved'))).toBe('success');
  });

  it('puts the server’s messages under their fields, and a refusal without one above the button', async () => {
    servePunchout(
      apiError(400, 'VALIDATION_FAILED', 'x', { memberEmail: 'The punchout member must be a member of this company' }),
      apiError(409, 'CONFLICT', 'Punchout orders are placed on account: give the company payment terms first', { paymentTerms: 'x' }),
    );
    const user = userEvent.setup({ delay: null });
    renderWithApi(<PunchoutSetupForm companyId="c1" companyName="Acme" config={stored} />);
    await user.click(screen.getByRole('button', { name: 'Save punchout setup' }));
    expect(await screen.findByText('The punchout member must be a member of this company')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save punchout setup' }));
    expect(await screen.findByText('Punchout orders are placed on account: give the company payment terms first')).toBeTruthy();
  });
});
