import { queryOptions } from '@tanstack/react-query';
import type { SitePage, SitePageSlug } from '@bulkparts/shared';
import { api } from '@/lib/api-client';
import { SITE_PAGES_ROOT } from '@/lib/query-roots';

const ALL = SITE_PAGES_ROOT;

/** Issue 33: the pages whose text admins edit (terms of sale, privacy); saving one invalidates `all()`. */
export const sitePageQueries = {
  all: () => ALL,
  page: (slug: SitePageSlug) => queryOptions({ queryKey: [...ALL, slug] as const, queryFn: () => api<SitePage>(`/api/pages/${slug}`) }),
};
