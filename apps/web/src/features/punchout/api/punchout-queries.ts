import { queryOptions } from '@tanstack/react-query';
import type { PunchoutConfig, PunchoutDocument, PunchoutDocumentDetail, PunchoutSession } from '@bulkparts/shared';
import { api } from '@/lib/api-client';
import { apiPage, pageQueryOptions } from '@/lib/api-page';
import { PUNCHOUT_ROOT } from '@/lib/query-roots';

export const punchoutConfigPath = (companyId: string) => `/api/companies/${encodeURIComponent(companyId)}/punchout`;

/** `GET /api/punchout/session`: the caller's own punchout session (the bar's words). */
export function getPunchoutSession(): Promise<PunchoutSession> {
  return api<PunchoutSession>('/api/punchout/session');
}

/** `GET /api/companies/:id/punchout` (shop admins): the setup without its secrets; null when there is none (404). */
export async function getPunchoutConfig(companyId: string): Promise<PunchoutConfig | null> {
  try {
    return await api<PunchoutConfig>(punchoutConfigPath(companyId));
  } catch (err) {
    if ((err as { status?: number }).status === 404) return null;
    throw err;
  }
}

export interface DocumentListParams {
  page?: number;
  limit?: number;
  companyId?: string;
  direction?: 'in' | 'out';
  failed?: 'true';
}

/** `GET /api/punchout/documents` (shop admins): one page of the log, newest first; `X-Total-Count`. */
export function getPunchoutDocuments(params: DocumentListParams) {
  return apiPage<PunchoutDocument>('/api/punchout/documents', { ...params });
}

export function getPunchoutDocument(id: string): Promise<PunchoutDocumentDetail> {
  return api<PunchoutDocumentDetail>(`/api/punchout/documents/${encodeURIComponent(id)}`);
}

const ALL = PUNCHOUT_ROOT;

/**
 * Punchout in the cache (ADR 0010): the bar's session, a company's setup, the log's pages and
 * one document. Saving or deleting a setup invalidates `config(id)`; nothing else writes here.
 */
export const punchoutQueries = {
  all: () => ALL,
  session: () => queryOptions({ queryKey: [...ALL, 'session'] as const, queryFn: getPunchoutSession, staleTime: 5 * 60_000, retry: false }),
  config: (companyId: string) => queryOptions({ queryKey: [...ALL, 'config', companyId] as const, queryFn: () => getPunchoutConfig(companyId) }),
  documents: (params: DocumentListParams) => pageQueryOptions([...ALL, 'documents', params] as const, () => getPunchoutDocuments(params)),
  document: (id: string) => queryOptions({ queryKey: [...ALL, 'document', id] as const, queryFn: () => getPunchoutDocument(id) }),
};
