import type { FastifyInstance } from 'fastify';
import type { Company, Invitation } from '@bulkparts/shared';
import { linkIn, waitForMail } from '../auth/mail-helpers.js';
import { signUp, type SignedInUser } from '../helpers/factories.js';
import type { TestApp } from '../helpers/test-app.js';

export const billingAddress = { name: 'Accounts payable', line1: '1 Foundry Road', city: 'Leeds', postalCode: 'LS1 1AA', country: 'United Kingdom' };

/** Calls on the company routes as one signed-in user (or anonymously with `null`). */
export function companyClient(app: FastifyInstance, user: SignedInUser | null) {
  const headers = user ? { cookie: user.cookie } : {};
  const call = (method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    app.inject({ method, url, headers, ...(payload !== undefined ? { payload: payload as object } : {}) });
  return {
    create: (body: unknown) => call('POST', '/api/companies', body),
    mine: () => call('GET', '/api/companies/me'),
    list: (query = '') => call('GET', `/api/companies${query}`),
    get: (id: string) => call('GET', `/api/companies/${id}`),
    update: (id: string, body: unknown) => call('PATCH', `/api/companies/${id}`, body),
    members: (id: string) => call('GET', `/api/companies/${id}/members`),
    updateMember: (id: string, userId: string, body: unknown) => call('PATCH', `/api/companies/${id}/members/${userId}`, body),
    removeMember: (id: string, userId: string) => call('DELETE', `/api/companies/${id}/members/${userId}`),
    invitations: (id: string) => call('GET', `/api/companies/${id}/invitations`),
    invite: (id: string, body: unknown) => call('POST', `/api/companies/${id}/invitations`, body),
    revoke: (id: string, invitationId: string) => call('DELETE', `/api/companies/${id}/invitations/${invitationId}`),
    preview: (token: string) => call('GET', `/api/invitations/${token}`),
    accept: (token: string) => call('POST', `/api/invitations/${token}/accept`),
    addresses: (id: string) => call('GET', `/api/companies/${id}/addresses`),
    addAddress: (id: string, body: unknown) => call('POST', `/api/companies/${id}/addresses`, body),
    removeAddress: (id: string, addressId: string) => call('DELETE', `/api/companies/${id}/addresses/${addressId}`),
    prices: (id: string) => call('GET', `/api/companies/${id}/prices`),
    setPrice: (id: string, productId: string, body: unknown) => call('PUT', `/api/companies/${id}/prices/${productId}`, body),
    removePrice: (id: string, productId: string) => call('DELETE', `/api/companies/${id}/prices/${productId}`),
  };
}

/** A new user with a new company of which they are the company admin. */
export async function companyWithAdmin(t: TestApp, name = 'Acme Fasteners Ltd'): Promise<{ admin: SignedInUser; company: Company }> {
  const admin = await signUp(t.app, { name: 'Company Admin' });
  const res = await companyClient(t.app, admin).create({ name, taxId: 'GB123456789', billingAddress });
  if (res.statusCode !== 201) throw new Error(`company create failed: ${res.statusCode} ${res.body}`);
  return { admin, company: res.json() as Company };
}

/** Invites `email` as `role` and answers the invitation and the token read from the mailed link. */
export async function invite(
  t: TestApp,
  by: SignedInUser,
  companyId: string,
  email: string,
  role = 'buyer',
): Promise<{ invitation: Invitation; token: string }> {
  const before = t.mail.length;
  const res = await companyClient(t.app, by).invite(companyId, { email, role });
  if (res.statusCode !== 201) throw new Error(`invite failed: ${res.statusCode} ${res.body}`);
  const link = linkIn(await waitForMail(t, email.toLowerCase(), 'invited', before));
  return { invitation: res.json() as Invitation, token: link.pathname.split('/').pop()! };
}

/** A new user who joined the company as `role` through an invitation. */
export async function memberOf(t: TestApp, admin: SignedInUser, companyId: string, role = 'buyer', name = 'Company Member'): Promise<SignedInUser> {
  const user = await signUp(t.app, { name });
  const { token } = await invite(t, admin, companyId, user.email, role);
  const res = await companyClient(t.app, user).accept(token);
  if (res.statusCode !== 200) throw new Error(`accept failed: ${res.statusCode} ${res.body}`);
  return user;
}
