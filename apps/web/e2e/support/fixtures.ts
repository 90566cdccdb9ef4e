import { test as base, expect, type Page } from '@playwright/test';
import type { AxeResults, RunOptions } from 'axe-core';
import { createRequire } from 'node:module';

const axe = createRequire(import.meta.url)('axe-core') as { source: string; _audit: { rules: Array<{ id: string; impact?: string }> } };

/**
 * Rules whose violations fail a test at any impact: axe 4.14 rates `meta-viewport` (a page that
 * stops zooming) moderate, 4.10 rated it critical, and it failed a test then (ADR 0024).
 */
const ANY_IMPACT_RULES = ['meta-viewport'];

/**
 * axe's rules that can only report minor or moderate violations: a rule's own impact is the impact
 * of every violation it reports (axe-core's `rule.impact` overrides its checks'), and only serious
 * and critical ones fail a test, so running these is work whose answer is never read (ADR 0024).
 * `label-content-name-mismatch` (a control's visible text missing from its `aria-label`) runs: a
 * speech-input user says what they see.
 */
const DISABLED_RULES: string[] = [
  ...axe._audit.rules.filter((r) => (r.impact === 'minor' || r.impact === 'moderate') && !ANY_IMPACT_RULES.includes(r.id)).map((r) => r.id),
];

const AXE_OPTIONS: RunOptions = {
  // Only the violations carry their nodes' selectors (axe's documented speed-up: computing them
  // for every passing node is most of an analysis's time on a full page).
  resultTypes: ['violations'],
  rules: Object.fromEntries(DISABLED_RULES.map((id) => [id, { enabled: false }])),
};

/**
 * Every test fails on a console error or an uncaught page error, so a broken page is never
 * silently green. `checkA11y` runs axe and fails on serious or critical violations.
 */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (msg) => {
        if (msg.type() === 'error' && !/Failed to load resource: the server responded with a status of (401|403|404|409|429)/.test(msg.text()))
          errors.push(msg.text());
      });
      page.on('pageerror', (err) => errors.push(err.message));
      await use(errors);
      expect(errors, 'console errors').toEqual([]);
    },
    { auto: true },
  ],
});

export async function checkA11y(page: Page) {
  // Colour contrast is measured on what is painted: let short entrance animations (dialogs, toasts
  // fading in) finish first. Long ones (a toast's progress bar) and endless ones are not waited for.
  await page.evaluate(() => {
    const entrances = document
      .getAnimations()
      .filter((a) => a.playState === 'running' && Number(a.effect?.getComputedTiming().endTime ?? Infinity) <= 1000)
      .map((a) => a.finished.catch(() => undefined));
    return Promise.race([Promise.all(entrances), new Promise((r) => setTimeout(r, 1500))]);
  });
  // axe runs in the page itself (what @axe-core/playwright calls legacy mode: its default opens a
  // blank page per analysis to merge frame results, which only cross-origin frames need and the
  // shop has none), loaded once per document: a dialog, a phone-size check or a second look at the
  // same page reuses it, where the builder evaluated axe's 550 kB twice per analysis (ADR 0024).
  for (const frame of page.frames()) {
    if (!(await frame.evaluate(() => 'axe' in window))) await frame.evaluate(axe.source);
  }
  const results = await page.evaluate(
    (options) => (window as unknown as { axe: { run: (c: Document, o: RunOptions) => Promise<AxeResults> } }).axe.run(document, options),
    AXE_OPTIONS,
  );
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical' || ANY_IMPACT_RULES.includes(v.id));
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

/** Chromium logs every non-2xx answer; one the journey asks for (a 400, a declined 402) is expected, once. */
export function expectLogged(consoleErrors: string[], status: number) {
  const at = consoleErrors.findIndex((e) => new RegExp(`status of ${status}`).test(e));
  expect(at, `a logged ${status}`).toBeGreaterThanOrEqual(0);
  consoleErrors.splice(at, 1);
}

export { expect };
