import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { mailDir } from './e2e-env';

export interface CapturedMail {
  to: string;
  subject: string;
  text: string;
  receivedAt: number;
}

function all(): CapturedMail[] {
  const dir = mailDir();
  let files: string[] = [];
  try {
    files = readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .sort();
  } catch {
    return [];
  }
  return files.map((f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as CapturedMail);
}

/** Waits for a message to `to` whose subject contains `subject`, received after `since` (ms). */
export async function waitForMail(to: string, subject: string, since = 0, timeoutMs = 20_000): Promise<CapturedMail> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    const found = all().find((m) => m.to === to.toLowerCase() && m.subject.includes(subject) && m.receivedAt >= since);
    if (found) return found;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no mail "${subject}" to ${to} within ${timeoutMs} ms (SMTP capture: ${mailDir()})`);
}

/** The first http(s) link in a message (from the text part). */
export function firstLink(mail: CapturedMail): string {
  const match = /https?:\/\/[^\s"<>]+/.exec(mail.text);
  if (!match) throw new Error(`no link in mail "${mail.subject}"`);
  return match[0];
}
