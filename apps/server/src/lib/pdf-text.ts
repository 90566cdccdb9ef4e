/**
 * Bounds on the text that reaches a PDF. pdfkit's line wrapping takes time that grows faster than
 * the length of a text (a long word without break opportunities is measured again and again):
 * 40,000 characters took seconds, 1 MiB more than ten minutes. Fields are validated at the edge,
 * but older rows, admin edits or a field added later may still be long, so every document (invoice,
 * quote) cuts its strings here as defence in depth, whatever field they come from.
 */
export const PDF_TEXT_LIMIT = 300;

/** `text` if it fits in `max` UTF-16 units, otherwise cut to `max` with a trailing '…' (never splitting a surrogate pair). */
export function boundText(text: string, max = PDF_TEXT_LIMIT): string {
  if (text.length <= max) return text;
  let cut = text.slice(0, Math.max(0, max - 1));
  const last = cut.charCodeAt(cut.length - 1);
  if (last >= 0xd800 && last <= 0xdbff) cut = cut.slice(0, -1);
  return `${cut}…`;
}
