import { readFileSync } from 'node:fs';
import { expect, type Locator, type Page } from '@playwright/test';

/** Clicks a document link (invoice, quote) and checks that a PDF file was downloaded. */
export async function expectPdfDownload(page: Page, link: Locator): Promise<void> {
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  expect(
    readFileSync(await download.path())
      .subarray(0, 4)
      .toString('latin1'),
  ).toBe('%PDF');
}
