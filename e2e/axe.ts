import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type BrowserContext, type Page, expect, test } from '@playwright/test';
import { OUTPUT_DIR } from './constants';
import { expectMantineStyles } from './mantine-styles';

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

/** The pages (as routes) each test checked, by test title. */
const checkedRoutes = new Map<string, Set<string>>();

function record(label: string, url: string, violations: readonly Violation[]): void {
  fs.mkdirSync(path.dirname(REPORT), { recursive: true });
  const title = test.info().title;
  const entry = { test: title, label, url, blocking: violations.length, rules: violations.map((violation) => violation.id) };
  fs.appendFileSync(REPORT, `${JSON.stringify(entry)}\n`);
  const routes = checkedRoutes.get(title) ?? new Set<string>();
  routes.add(routeOf(url));
  checkedRoutes.set(title, routes);
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
 * reports every page) on any serious or critical violation, and on any Mantine component shown
 * without its stylesheet (./mantine-styles). Call it after each navigation, opened
 * dialog or other change of what the page shows. With `phone`, the page is checked a second time at
 * the width of a phone, and the viewport restored.
 */
export async function expectAccessible(page: Page, label: string, options: { phone?: boolean } = {}): Promise<void> {
  await page.waitForLoadState('domcontentloaded');
  // What is still loading would be checked half drawn: wait for the spinners and skeletons to go.
  await expect(page.locator('.mantine-Loader-root:visible, .mantine-Skeleton-root[data-visible="true"]:visible')).toHaveCount(0);
  // Half-faded text fails the contrast rule.
  await page.evaluate(TRANSITIONS_ENDED);
  const violations = await blockingViolations(page);
  record(label, page.url(), violations);
  expect.soft(describeViolations(violations), `serious or critical accessibility violations on "${label}" (${page.url()})`).toBe('');
  await expectMantineStyles(page, label);
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

/** Routes of the app only: not the API's own pages (its documentation) nor the blank page a tab opens with. */
function isAppRoute(url: string): boolean {
  return /^https?:/.test(url) && !new URL(url).pathname.startsWith('/api/');
}

/** Records the route of every page any tab of `context` shows, client-side route changes included. */
export function watchVisitedRoutes(context: BrowserContext, visited: Set<string>): void {
  const watchPage = (page: Page) =>
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame() && isAppRoute(frame.url())) visited.add(routeOf(frame.url()));
    });
  context.pages().forEach(watchPage);
  context.on('page', watchPage);
}

/**
 * Pages every journey passes through on its way in (signing in lands the super admin on /admin;
 * session.ts's addBusiness starts on /dashboard). The journeys about them check them: foundation
 * (/login, /admin, /dashboard), sign-up (/login, /dashboard) and tenants.
 */
const PASSED_THROUGH = new Set(['/login', '/admin', '/dashboard']);
/** Routes the running test saw the app leave by itself (a redirect), by test title. */
const redirectedRoutes = new Map<string, Set<string>>();

/** The page `from` (a path) sends the browser on to a page matching `to`: `from` itself is not a page state to check. */
export async function expectRedirect(page: Page, from: string, to: RegExp): Promise<void> {
  await expect(page).toHaveURL(to);
  const title = test.info().title;
  const routes = redirectedRoutes.get(title) ?? new Set<string>();
  routes.add(routeOf(new URL(from, page.url()).toString()));
  redirectedRoutes.set(title, routes);
}

/** The visited routes the running test never checked with `expectAccessible`. */
export function uncheckedRoutes(visited: ReadonlySet<string>): string[] {
  const title = test.info().title;
  const skipped = new Set([...PASSED_THROUGH, ...(checkedRoutes.get(title) ?? []), ...(redirectedRoutes.get(title) ?? [])]);
  return [...visited].filter((route) => !skipped.has(route)).sort();
}

type FocusStop = { name: string; seen: boolean; visible: boolean; focused: string; unfocused: string; gone: boolean } | null;

/**
 * The element that has the focus: its name, whether this walk (`walk`) has been there already, and
 * whether it looks different focused than not (outline, shadow, border, background with the focus
 * and after a blur; then it gets the focus back, so the next Tab goes on from it). Null when
 * nothing in the page has the focus.
 */
function focusStop(walk: string): string {
  return `(async () => {
    const element = document.activeElement;
    if (!(element instanceof HTMLElement) || element === document.body) return null;
    const seen = element.dataset.tabWalk === '${walk}';
    element.dataset.tabWalk = '${walk}';
    const settled = () => Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined)));
    // A field's ring is often on its wrapper (Mantine's :focus-within border), so the two parents count too.
    const look = () => [element, element.parentElement, element.parentElement?.parentElement].map((node) => {
      if (!node) return '';
      const style = getComputedStyle(node);
      return [style.outlineStyle, style.outlineWidth, style.outlineColor, style.boxShadow, style.borderColor, style.backgroundColor].join(' ');
    }).join(' / ');
    await settled();
    const focused = look();
    element.blur();
    await settled();
    const unfocused = look();
    element.focus();
    await settled();
    const label = 'labels' in element && element.labels && element.labels[0] ? element.labels[0].innerText : '';
    const name = element.getAttribute('aria-label') || label.trim() || element.innerText.trim().split('\\n')[0] || element.tagName.toLowerCase();
    // A control removed while it was looked at (a notification closing) has no style to compare.
    return { name, seen, visible: focused !== unfocused, focused, unfocused, gone: !element.isConnected };
  })()`;
}

let walks = 0;

/**
 * Walks the page with the Tab key until the focus comes round again (at most `limit` stops), so
 * every control of the page is reached whatever had the focus before, and
 * fails (softly) on a stop that does not look focused. Returns the names of the stops in order,
 * for the journey to check that its actions are among them.
 */
export async function tabThrough(page: Page, label: string, limit = 80): Promise<string[]> {
  walks += 1;
  const script = focusStop(String(walks));
  const names: string[] = [];
  const unmarked: string[] = [];
  let outside = false;
  for (let stop = 0; stop < limit; stop += 1) {
    await page.keyboard.press('Tab');
    const focus = await page.evaluate<FocusStop>(script);
    // Past the last stop the focus leaves the page once, then starts again at its top.
    if (!focus && !outside) {
      outside = true;
      continue;
    }
    if (!focus || focus.seen) break;
    if (focus.gone) continue;
    names.push(focus.name);
    if (!focus.visible) unmarked.push(`${focus.name} (looks the same focused and not: ${focus.focused})`);
  }
  expect.soft(unmarked, `keyboard focus not visible on "${label}" (${page.url()})`).toEqual([]);
  return names;
}
