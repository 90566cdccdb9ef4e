import { createHash } from 'node:crypto';

/**
 * The few HTML pages punchout answers a browser with (issue 32): the page that carries the cart
 * back to the procurement system, and short pages for a link that no longer works. Every value
 * is escaped; the pages load nothing.
 */

export function htmlEscape(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** The return page's one script: it submits the form. Allowed by its hash, so no other script may run. */
const SUBMIT_SCRIPT = "document.getElementById('punchout-return').submit();";
const SUBMIT_SCRIPT_HASH = `'sha256-${createHash('sha256').update(SUBMIT_SCRIPT).digest('base64')}'`;
const STYLE = 'body{font-family:system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem;line-height:1.5}button,a{font-size:1rem}';
const STYLE_HASH = `'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`;

function page(title: string, body: string, script = ''): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${htmlEscape(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${body}
</main>${script ? `\n<script>${script}</script>` : ''}
</body>
</html>
`;
}

export interface ReturnPage {
  html: string;
  /** The page's own Content-Security-Policy: it may post a form to the return origin and nowhere else, and run only its submit script. */
  csp: string;
}

/**
 * The page that posts the cart to the procurement system (`action`, on an allowed origin the
 * caller checked): a form of hidden fields submitted by script at once, with a button for a
 * browser that runs no script.
 */
export function returnPage(o: { action: string; origin: string; target: string | null; fields: readonly [string, string][]; systemName: string }): ReturnPage {
  const inputs = o.fields.map(([name, value]) => `<input type="hidden" name="${htmlEscape(name)}" value="${htmlEscape(value)}">`).join('\n');
  const target = o.target ? ` target="${htmlEscape(o.target)}"` : '';
  const body = `<h1>Returning your cart to ${htmlEscape(o.systemName)}…</h1>
<form id="punchout-return" method="post" action="${htmlEscape(o.action)}"${target} accept-charset="UTF-8">
${inputs}
<p>If nothing happens in a moment, <button type="submit">Return cart to ${htmlEscape(o.systemName)}</button></p>
</form>`;
  return {
    html: page(`Returning your cart to ${o.systemName}`, body, SUBMIT_SCRIPT),
    csp: [
      "default-src 'none'",
      `script-src ${SUBMIT_SCRIPT_HASH}`,
      `style-src ${STYLE_HASH}`,
      `form-action ${o.origin}`,
      "base-uri 'none'",
      "frame-ancestors 'none'",
    ].join('; '),
  };
}

/** A page that only says something (a start link used twice, a refused OCI login), with an optional link. */
export function messagePage(title: string, message: string, link?: { href: string; label: string }): ReturnPage {
  const a = link ? `\n<p><a href="${htmlEscape(link.href)}">${htmlEscape(link.label)}</a></p>` : '';
  return {
    html: page(title, `<h1>${htmlEscape(title)}</h1>\n<p>${htmlEscape(message)}</p>${a}`),
    csp: ["default-src 'none'", `style-src ${STYLE_HASH}`, "form-action 'none'", "base-uri 'none'", "frame-ancestors 'none'"].join('; '),
  };
}
