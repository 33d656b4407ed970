import { readFileSync } from 'node:fs';
import type { AxeResults, Result, RunOptions } from 'axe-core';
import type { Page } from 'playwright-core';

/** The WCAG 2.0 and 2.1 A/AA rules: labels, names of buttons/selects/links, ARIA, contrast... */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** The rules that prove every form control has an accessible name; each must have run. */
export const NAME_RULES = ['label', 'button-name', 'select-name', 'aria-input-field-name', 'aria-toggle-field-name', 'link-name'];

type AxeWindow = { axe?: { run(context: unknown, options: RunOptions): Promise<AxeResults> } };

export interface AxeOptions {
  /**
   * The page's Content-Security-Policy forbids inline scripts (the payment provider's checkout):
   * a script tag would be refused (and logged as a console error), so the DevTools protocol
   * evaluates the same source instead.
   */
  strictCsp?: boolean;
}

async function injectAxe(page: Page, options: AxeOptions): Promise<void> {
  if (await page.evaluate(() => typeof (window as unknown as AxeWindow).axe !== 'undefined')) return;
  if (options.strictCsp) await page.evaluate(readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8'));
  else await page.addScriptTag({ path: require.resolve('axe-core/axe.min.js') });
}

function explain(violation: Result): string {
  const nodes = violation.nodes
    .slice(0, 5)
    .map((node) => `    ${node.target.join(' ')}: ${node.failureSummary?.replace(/\s+/g, ' ') ?? ''}`)
    .join('\n');
  return `${violation.id} (${violation.impact ?? 'n/a'}): ${violation.help}\n${nodes}`;
}

/**
 * Runs axe-core on the page as it is and returns its violations as readable lines (empty when
 * there are none), after checking that the accessible-name rules actually ran (passed or found
 * nothing to check) so that an empty list means something.
 */
export async function axeViolations(page: Page, options: AxeOptions = {}): Promise<string[]> {
  await injectAxe(page, options);
  const results = await page.evaluate(
    (tags) =>
      (window as unknown as Required<AxeWindow>).axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] }),
    AXE_TAGS,
  );
  const ran = new Set([...results.passes, ...results.inapplicable, ...results.violations, ...results.incomplete].map((r) => r.id));
  const missing = NAME_RULES.filter((rule) => !ran.has(rule));
  if (missing.length) throw new Error(`axe did not run the rules ${missing.join(', ')}`);
  return results.violations.map(explain);
}
