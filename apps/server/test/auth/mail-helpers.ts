import type { MailMessage } from '../../src/modules/mail/mail.transport.js';
import type { TestApp } from '../helpers/test-app.js';

/** Waits for a captured message to `to` whose subject contains `subject` (some mail is sent in the background). */
export async function waitForMail(t: TestApp, to: string, subject: string, after = 0): Promise<MailMessage> {
  for (let i = 0; i < 100; i++) {
    const found = t.mail.slice(after).find((m) => m.to === to && m.subject.includes(subject));
    if (found) return found;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`no mail "${subject}" to ${to}; got: ${t.mail.map((m) => `${m.to}: ${m.subject}`).join(', ')}`);
}

/** The first link in a message's text part. */
export function linkIn(message: MailMessage): URL {
  const match = message.text.match(/https?:\/\/\S+/);
  if (!match) throw new Error(`no link in: ${message.text}`);
  return new URL(match[0]);
}

/** The path and query of a URL, for app.inject. */
export const pathOf = (url: URL) => `${url.pathname}${url.search}`;
