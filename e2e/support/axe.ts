import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export interface AxeOptions {
  /** Check only this part (e.g. an open dialog: the page behind a modal is inert). */
  include?: string;
  /** Fail on every violation, not only serious and critical ones. */
  strict?: boolean;
  /** Only WCAG 2.x A/AA rules (leave out axe's best-practice rules). */
  wcagOnly?: boolean;
}

/** axe's violations on the current page, as "screen rule: targets" lines (empty when clean). */
export async function accessibilityProblems(page: Page, screen: string, options: AxeOptions = {}) {
  let builder = new AxeBuilder({ page });
  if (options.include) builder = builder.include(options.include);
  if (options.wcagOnly) builder = builder.withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']);
  const { violations } = await builder.analyze();
  return violations
    .filter((v) => options.strict || v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${screen} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** The bar: zero serious or critical axe violations (or zero of any kind with `strict`). */
export async function expectAccessible(page: Page, screen: string, options: AxeOptions = {}) {
  expect(await accessibilityProblems(page, screen, options)).toEqual([]);
}
