import { queryOptions } from '@tanstack/react-query';
import type { Company, CompanyAddress, CompanyListQuery, CompanyPrice, Invitation, InvitationPreview, Member, Order, OrderStatus } from '@bulkparts/shared';
import { orderQueries } from '@/features/orders/api/order-queries';
import { api, ApiClientError } from '@/lib/api-client';
import { apiPage, pageQueryOptions } from '@/lib/api-page';
import { COMPANIES_ROOT } from '@/lib/query-roots';

const company = (id: string, part = '') => `/api/companies/${encodeURIComponent(id)}${part}`;

/** `GET /api/companies/me`: the caller's company with their role in it, or null when they belong to none (404). */
export async function getMyCompany(): Promise<Company | null> {
  try {
    return await api<Company>('/api/companies/me');
  } catch (err) {
    if (err instanceof ApiClientError && err.status === 404) return null;
    throw err;
  }
}

/** `GET /api/companies/:id` (its members and shop admins). */
export function getCompany(id: string): Promise<Company> {
  return api<Company>(company(id));
}

export type CompanyListParams = Partial<CompanyListQuery>;

/** `GET /api/companies` (shop admins): `q` matches the name; `X-Total-Count`. */
export function getCompanies({ q, page, limit }: CompanyListParams) {
  return apiPage<Company>('/api/companies', { q, page, limit });
}

export function getMembers(id: string): Promise<Member[]> {
  return api<Member[]>(company(id, '/members'));
}

/** `GET /api/companies/:id/invitations` (company admins, shop admins): every invitation with its status. */
export function getInvitations(id: string): Promise<Invitation[]> {
  return api<Invitation[]>(company(id, '/invitations'));
}

export function getCompanyAddresses(id: string): Promise<CompanyAddress[]> {
  return api<CompanyAddress[]>(company(id, '/addresses'));
}

export function getCompanyPrices(id: string): Promise<CompanyPrice[]> {
  return api<CompanyPrice[]>(company(id, '/prices'));
}

/** `GET /api/invitations/:token`: what the invitation link shows (public; unknown token 404). */
export function getInvitation(token: string): Promise<InvitationPreview> {
  return api<InvitationPreview>(`/api/invitations/${encodeURIComponent(token)}`);
}

export interface CompanyOrdersParams {
  status?: OrderStatus | undefined;
  page: number;
  limit: number;
  /** Issue 29 (My Orders' filters): order or PO number, the days placed (`YYYY-MM-DD`). */
  q?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

/** `GET /api/purchase?company=true`: every order of the caller's company (approvers, company admins; a buyer gets their own). */
export function getCompanyOrders({ status, page, limit, q, from, to }: CompanyOrdersParams) {
  return apiPage<Order>('/api/purchase', { company: 'true', status, page, limit, q, from, to });
}

const ALL = COMPANIES_ROOT;

/**
 * Companies in the cache (ADR 0010). One company's reads sit under `company(id)`, so a write to it
 * refreshes its profile, members, invitations, addresses and prices at once; `all()` refreshes
 * every company read, the caller's own (`mine()`) too. The company's orders are orders: they are
 * keyed under the orders root, so placing, paying, approving or rejecting an order refreshes them
 * with My Orders. Not kept on sign-out (the default for a domain).
 */
export const companyQueries = {
  all: () => ALL,
  /** The caller's company (null: none yet), with `myRole`. */
  mine: () => queryOptions({ queryKey: [...ALL, 'mine'] as const, queryFn: getMyCompany }),
  /** The root of one company's reads. */
  company: (id: string) => [...ALL, 'company', id] as const,
  detail: (id: string) => queryOptions({ queryKey: [...ALL, 'company', id, 'detail'] as const, queryFn: () => getCompany(id) }),
  members: (id: string) => queryOptions({ queryKey: [...ALL, 'company', id, 'members'] as const, queryFn: () => getMembers(id) }),
  invitations: (id: string) => queryOptions({ queryKey: [...ALL, 'company', id, 'invitations'] as const, queryFn: () => getInvitations(id) }),
  addresses: (id: string) => queryOptions({ queryKey: [...ALL, 'company', id, 'addresses'] as const, queryFn: () => getCompanyAddresses(id) }),
  prices: (id: string) => queryOptions({ queryKey: [...ALL, 'company', id, 'prices'] as const, queryFn: () => getCompanyPrices(id) }),
  /** Shop admins' list of every company. */
  list: (params: CompanyListParams) => pageQueryOptions([...ALL, 'list', params] as const, () => getCompanies(params)),
  /** An invitation as its link shows it; not retried (an unknown token is a 404 to show at once). */
  invitation: (token: string) => queryOptions({ queryKey: [...ALL, 'invitation', token] as const, queryFn: () => getInvitation(token), retry: false }),
  /** The company's orders, under the orders root. */
  orders: (params: CompanyOrdersParams) => pageQueryOptions([...orderQueries.all(), 'company', params] as const, () => getCompanyOrders(params)),
};
