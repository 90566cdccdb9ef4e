import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiClientError } from './api-client';
import { apiPage } from './api-page';

function answer(body: unknown, headers: Record<string, string> = {}, status = 200) {
  const fetch = vi.fn(async (_url: string, _init?: RequestInit) => new Response(JSON.stringify(body), { status, headers }));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

afterEach(() => vi.unstubAllGlobals());

describe('apiPage', () => {
  it('answers the items and the total from X-Total-Count', async () => {
    const fetch = answer([{ id: 1 }, { id: 2 }], { 'X-Total-Count': '42' });
    await expect(apiPage('/api/service', { q: 'bolt', page: 2, limit: 2, sort: undefined })).resolves.toEqual({ items: [{ id: 1 }, { id: 2 }], total: 42 });
    expect(fetch.mock.calls[0]![0]).toBe('/api/service?q=bolt&page=2&limit=2');
  });

  it('counts the items when the header is missing or not a number', async () => {
    answer([{ id: 1 }]);
    await expect(apiPage('/api/review')).resolves.toEqual({ items: [{ id: 1 }], total: 1 });
    answer([{ id: 1 }, { id: 2 }], { 'X-Total-Count': 'many' });
    await expect(apiPage('/api/review')).resolves.toEqual({ items: [{ id: 1 }, { id: 2 }], total: 2 });
  });

  it('throws the API error of a refused read', async () => {
    answer({ error: 'VALIDATION_FAILED', message: 'limit must be at most 100', fields: { limit: 'limit must be at most 100' } }, {}, 400);
    const err = await apiPage('/api/service', { limit: 500 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiClientError);
    expect(err).toMatchObject({ status: 400, message: 'limit must be at most 100', fields: { limit: 'limit must be at most 100' } });
  });
});
