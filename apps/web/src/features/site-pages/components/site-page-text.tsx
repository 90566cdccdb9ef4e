import { sitePageBlocks } from '@bulkparts/shared';

/** A page's plain text as headings, paragraphs and lists (shared `sitePageBlocks`); never as HTML. */
export function SitePageText({ body }: { body: string }) {
  return (
    <div className="space-y-4">
      {sitePageBlocks(body).map((block, i) =>
        block.kind === 'heading' ? (
          <h2 key={i} className="pt-2 text-xl font-semibold">
            {block.text}
          </h2>
        ) : block.kind === 'list' ? (
          <ul key={i} className="list-disc space-y-1 pl-6">
            {block.items.map((item, j) => (
              <li key={j}>{item}</li>
            ))}
          </ul>
        ) : (
          <p key={i}>{block.text}</p>
        ),
      )}
    </div>
  );
}
