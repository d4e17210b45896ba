import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type Page, expect, test } from '@playwright/test';
import { OUTPUT_DIR } from './constants';

/** The width and height of a phone (an iPhone 12–15) at which the public pages must work too. */
export const PHONE_VIEWPORT = { width: 390, height: 844 };

/** Resolves once the running CSS transitions and animations (Mantine's dialogs, drawers, menus) have ended. */
const TRANSITIONS_ENDED = 'Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))).then(() => true)';

/** Every check's outcome, one JSON line each: the figures per journey come from here. */
const REPORT = path.join(OUTPUT_DIR, 'axe', 'checks.jsonl');
const BLOCKING_IMPACTS = new Set(['serious', 'critical']);

type Violation = { id: string; impact?: string | null; help: string; helpUrl: string; nodes: { target: unknown[]; failureSummary?: string }[] };

/** What axe found wrong with one element, on one line: "Element has insufficient color contrast of 3.32 (...)". */
function reason(failureSummary: string | undefined): string {
  const lines = (failureSummary ?? '').split('\n').map((line) => line.trim());
  return lines.filter((line) => line && !/^Fix (any|all) of the following:$/.test(line)).join('; ');
}

/** One entry per violation: rule, impact, what it asks for, and each element it failed on (selector and why). */
export function describeViolations(violations: readonly Violation[]): string {
  return violations
    .map((violation) => {
      const targets = violation.nodes.map((node) => `${node.target.map(String).join(' >> ')}  (${reason(node.failureSummary)})`);
      return `- ${violation.id} (${violation.impact ?? 'unknown'}): ${violation.help} [${violation.helpUrl}]\n    ${targets.join('\n    ')}`;
    })
    .join('\n');
}

/** Pages whose accessibility was checked in this worker, by test: the journeys' fixture reads it. */
export const checkedPages = new Map<string, Set<string>>();

function record(label: string, url: string, violations: readonly Violation[]): void {
  fs.mkdirSync(path.dirname(REPORT), { recursive: true });
  const title = test.info().title;
  const entry = { test: title, label, url, blocking: violations.length, rules: violations.map((violation) => violation.id) };
  fs.appendFileSync(REPORT, `${JSON.stringify(entry)}\n`);
  const pages = checkedPages.get(title) ?? new Set<string>();
  pages.add(routeOf(url));
  checkedPages.set(title, pages);
}

/** A URL's path with its ids and tokens replaced, so `/invoices/<uuid>/view` counts as one page. */
export function routeOf(url: string): string {
  const { pathname } = new URL(url);
  return pathname.replace(/\/[0-9a-f]{8}-[0-9a-f-]{27}(?=\/|$)/gi, '/:id').replace(/\/[\w-]{20,}(?=\/|$)/g, '/:token');
}

async function blockingViolations(page: Page): Promise<Violation[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.filter((violation) => BLOCKING_IMPACTS.has(violation.impact ?? ''));
}

/**
 * Runs axe-core on the page as it is now and fails the test (softly: the journey goes on, so one run
 * reports every page) on any serious or critical violation. Call it after each navigation, opened
 * dialog or other change of what the page shows. With `phone`, the page is checked a second time at
 * the width of a phone, and the viewport restored.
 */
export async function expectAccessible(page: Page, label: string, options: { phone?: boolean } = {}): Promise<void> {
  // Half-faded text fails the contrast rule.
  await page.waitForLoadState('domcontentloaded');
  // What is still loading would be checked half drawn: wait for the spinners and skeletons to go.
  await expect(page.locator('.mantine-Loader-root:visible, .mantine-Skeleton-root[data-visible="true"]:visible')).toHaveCount(0);
  await page.evaluate(TRANSITIONS_ENDED);
  const violations = await blockingViolations(page);
  record(label, page.url(), violations);
  expect.soft(describeViolations(violations), `serious or critical accessibility violations on "${label}" (${page.url()})`).toBe('');
  if (!options.phone) return;
  const desktop = page.viewportSize();
  await page.setViewportSize(PHONE_VIEWPORT);
  try {
    await page.evaluate(TRANSITIONS_ENDED);
    const phoneViolations = await blockingViolations(page);
    record(`${label} (phone)`, page.url(), phoneViolations);
    expect.soft(describeViolations(phoneViolations), `serious or critical accessibility violations on "${label}" at ${PHONE_VIEWPORT.width}px (${page.url()})`).toBe('');
  } finally {
    if (desktop) await page.setViewportSize(desktop);
  }
}
