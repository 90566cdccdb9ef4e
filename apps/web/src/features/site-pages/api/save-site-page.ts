import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SitePage, SitePageInput, SitePageSlug } from '@bulkparts/shared';
import { api } from '@/lib/api-client';
import { sitePageQueries } from './site-page-queries';

/** `PUT /api/pages/{slug}` (admins): the page's new title and text. */
export function saveSitePage({ slug, input }: { slug: SitePageSlug; input: SitePageInput }): Promise<SitePage> {
  return api<SitePage>(`/api/pages/${slug}`, { method: 'PUT', body: input });
}

export function useSaveSitePage() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: saveSitePage,
    onSuccess: (page) => qc.setQueryData(sitePageQueries.page(page.slug).queryKey, page),
    onSettled: () => qc.invalidateQueries({ queryKey: sitePageQueries.all() }),
  });
}
