import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { isSitePageSlug } from '@bulkparts/shared';
import { LoadFailure } from '@/components/ui/load-failure';
import { PageSpinner } from '@/components/ui/page-spinner';
import { useSession } from '@/features/auth/api/auth-queries';
import { sitePageQueries } from '@/features/site-pages/api/site-page-queries';
import { SitePageEditor } from '@/features/site-pages/components/site-page-editor';
import { SitePageText } from '@/features/site-pages/components/site-page-text';

/** `/terms` and `/privacy` (issue 33): the texts admins edit, with an 'Edit this page' for them. */
export function Component() {
  const slug = useLocation()
    .pathname.replace(/^\/|\/$/g, '')
    .toLowerCase();
  const page = useQuery({ ...sitePageQueries.page(isSitePageSlug(slug) ? slug : 'terms'), enabled: isSitePageSlug(slug) });
  const session = useSession();
  const [editing, setEditing] = useState(false);
  if (page.isPending) return <PageSpinner label="Loading the page" />;
  if (page.isError) return <LoadFailure error={page.error} onRetry={page.refetch} />;
  const isAdmin = session.data?.user.role === 'admin';
  return (
    <article className="mx-auto max-w-3xl space-y-4 px-4 py-10">
      <h1 className="text-3xl font-bold">{page.data.title}</h1>
      {page.data.updatedAt && <p className="text-sm text-base-content/70">Last changed {new Date(page.data.updatedAt).toLocaleDateString()}</p>}
      {editing ? <SitePageEditor page={page.data} onDone={() => setEditing(false)} /> : <SitePageText body={page.data.body} />}
      {isAdmin && !editing && (
        <button type="button" className="btn btn-outline btn-sm" onClick={() => setEditing(true)}>
          Edit this page
        </button>
      )}
    </article>
  );
}
