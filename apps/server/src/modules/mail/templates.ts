const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A plain, readable message with one optional call-to-action link, as text and HTML. */
export function renderMail(opts: { to: string; subject: string; greeting: string; lines: string[]; action?: { label: string; url: string } }) {
  const text = [opts.greeting, '', ...opts.lines, ...(opts.action ? ['', `${opts.action.label}: ${opts.action.url}`] : []), '', '— bulkparts'].join('\n');
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1f2937">
<p>${escapeHtml(opts.greeting)}</p>
${opts.lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('\n')}
${opts.action ? `<p><a href="${escapeHtml(opts.action.url)}" style="background:#2563eb;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">${escapeHtml(opts.action.label)}</a></p><p style="font-size:12px;color:#6b7280">${escapeHtml(opts.action.url)}</p>` : ''}
<p>— bulkparts</p></body></html>`;
  return { to: opts.to, subject: opts.subject, text, html };
}
