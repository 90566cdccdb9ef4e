import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';
import { createRequire } from 'node:module';

/**
 * axe's rules that can only report minor or moderate violations: a rule's own impact is the impact
 * of every violation it reports (axe-core's `rule.impact` overrides its checks'), and only serious
 * and critical ones fail a test, so running these is work whose answer is never read (ADR 0024).
 */
const NEVER_SERIOUS_RULES: string[] = (createRequire(import.meta.url)('axe-core') as { _audit: { rules: Array<{ id: string; impact?: string }> } })._audit.rules
  .filter((r) => r.impact === 'minor' || r.impact === 'moderate')
  .map((r) => r.id);

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
  // Every rule that can fail the test runs; only the violations carry their nodes' selectors
  // (axe's documented speed-up: computing them for every passing node is most of an analysis's
  // time on a full page). Legacy
  // mode runs axe.run in the page itself: the default opens a blank page per analysis to merge
  // frame results, which only cross-origin frames need and the shop has none (ADR 0024).
  const results = await new AxeBuilder({ page: page as unknown as ConstructorParameters<typeof AxeBuilder>[0]['page'] })
    .options({ resultTypes: ['violations'] })
    .disableRules(NEVER_SERIOUS_RULES)
    .setLegacyMode(true)
    .analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

/** Chromium logs every non-2xx answer; one the journey asks for (a 400, a declined 402) is expected, once. */
export function expectLogged(consoleErrors: string[], status: number) {
  const at = consoleErrors.findIndex((e) => new RegExp(`status of ${status}`).test(e));
  expect(at, `a logged ${status}`).toBeGreaterThanOrEqual(0);
  consoleErrors.splice(at, 1);
}

export { expect };
