import { z } from 'zod';

/**
 * Pages whose text the shop's admins edit (issue 33): the terms of sale (`/terms`) and the privacy
 * notice (`/privacy`). Until an admin saves one, the page shows the shop's starting text.
 */
export const SITE_PAGES = ['terms', 'privacy'] as const;
export type SitePageSlug = (typeof SITE_PAGES)[number];
export const SITE_PAGE_TITLE_MAX_LENGTH = 120;
export const SITE_PAGE_BODY_MAX_LENGTH = 50_000;

export function isSitePageSlug(slug: string): slug is SitePageSlug {
  return (SITE_PAGES as readonly string[]).includes(slug);
}

/**
 * A page as answered. `body` is plain text: paragraphs apart by a blank line, a line starting with
 * `## ` a heading, lines starting with `- ` a list. `updatedAt` null: the starting text, never edited.
 */
export const sitePageSchema = z.object({
  slug: z.enum(SITE_PAGES),
  title: z.string(),
  body: z.string(),
  updatedAt: z.string().nullable(),
});
export type SitePage = z.infer<typeof sitePageSchema>;

/** `PUT /api/pages/{slug}` (admins). */
export const sitePageInputSchema = z.object({
  title: z
    .string({ error: 'Title is required' })
    .trim()
    .min(1, 'Title is required')
    .max(SITE_PAGE_TITLE_MAX_LENGTH, `Title must be at most ${SITE_PAGE_TITLE_MAX_LENGTH} characters`),
  body: z
    .string({ error: 'Text is required' })
    .trim()
    .min(1, 'Text is required')
    .max(SITE_PAGE_BODY_MAX_LENGTH, `Text must be at most ${SITE_PAGE_BODY_MAX_LENGTH.toLocaleString('en-US')} characters`),
});
export type SitePageInput = z.infer<typeof sitePageInputSchema>;

export const sitePageParamsSchema = z.object({ slug: z.string().max(40, 'slug is not a page') });

/** A page's body as blocks to draw: headings, paragraphs and lists (zod-free callers use this too). */
export type SitePageBlock = { kind: 'heading'; text: string } | { kind: 'paragraph'; text: string } | { kind: 'list'; items: string[] };

export function sitePageBlocks(body: string): SitePageBlock[] {
  const blocks: SitePageBlock[] = [];
  for (const chunk of body.replace(/\r\n?/g, '\n').split(/\n\s*\n/)) {
    const lines = chunk
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean);
    if (lines.length === 0) continue;
    if (lines.every((l) => l.startsWith('- '))) blocks.push({ kind: 'list', items: lines.map((l) => l.slice(2).trim()) });
    else if (lines.length === 1 && lines[0]!.startsWith('## ')) blocks.push({ kind: 'heading', text: lines[0]!.slice(3).trim() });
    else if (lines[0]!.startsWith('## ')) {
      blocks.push({ kind: 'heading', text: lines[0]!.slice(3).trim() });
      blocks.push({ kind: 'paragraph', text: lines.slice(1).join(' ') });
    } else blocks.push({ kind: 'paragraph', text: lines.join(' ') });
  }
  return blocks;
}
