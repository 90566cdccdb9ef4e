import { readFileSync } from 'node:fs';
import { inflateSync } from 'node:zlib';
import { expect, type Locator, type Page } from '@playwright/test';

/** Clicks a document link (invoice, quote), checks that a PDF file was downloaded and answers its bytes. */
export async function expectPdfDownload(page: Page, link: Locator): Promise<Buffer> {
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  const bytes = readFileSync(await download.path());
  expect(bytes.subarray(0, 4).toString('latin1')).toBe('%PDF');
  return bytes;
}

/** WinAnsi codes that differ from Latin-1 (the ones documents use: quotes, dashes, bullet, ellipsis, euro). */
const WIN_ANSI: Record<number, string> = { 0x80: '€', 0x85: '…', 0x91: '‘', 0x92: '’', 0x93: '“', 0x94: '”', 0x95: '•', 0x96: '–', 0x97: '—' };

/**
 * The text of a PDF drawn by the server (pdfkit, built-in Helvetica: each shown string is hex of
 * WinAnsi codes inside compressed content streams), one line per text-showing operator. Enough to
 * read what a document says; not a general PDF parser.
 */
export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const lines: string[] = [];
  const streams = /stream\r?\n/g;
  for (let m = streams.exec(raw); m; m = streams.exec(raw)) {
    const start = m.index + m[0].length;
    const end = raw.indexOf('endstream', start);
    if (end < 0) break;
    let content: string;
    try {
      content = inflateSync(pdf.subarray(start, end)).toString('latin1');
    } catch {
      content = raw.slice(start, end);
    }
    // `[<48656c6c6f> 120 <20>] TJ` or `<...> Tj`: the hex strings of one operator make one line.
    for (const op of content.matchAll(/\[((?:[^\]])*)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj/g)) {
      const hexes = op[1] !== undefined ? [...op[1].matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => h[1]!) : [op[2]!];
      lines.push(hexes.map((h) => [...Buffer.from(h, 'hex')].map((c) => WIN_ANSI[c] ?? String.fromCharCode(c)).join('')).join(''));
    }
  }
  return lines.join('\n');
}
