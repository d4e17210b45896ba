import { type BrowserContext, test as base, expect } from '@playwright/test';
import { uncheckedRoutes, watchVisitedRoutes } from './axe';

/** Chromium's own report ("Refused to ... because it violates the following Content Security Policy directive") and ours, below. */
const VIOLATION = /Content Security Policy|\[csp-violation\]/;

const REPORT_VIOLATIONS = `document.addEventListener('securitypolicyviolation', (event) => {
  console.error('[csp-violation] ' + event.effectiveDirective + ' blocked ' + (event.blockedURI || 'inline') + ' in ' + event.documentURI);
});`;

/**
 * Every page of `context` reports each policy violation to the console, where `violations` collects
 * it, and the route of every page it shows lands in `visited`.
 */
async function watch(context: BrowserContext, violations: string[], visited: Set<string>): Promise<void> {
  watchVisitedRoutes(context, visited);
  // Init scripts run outside the page's policy, so this listener itself is never blocked.
  await context.addInitScript({ content: REPORT_VIOLATIONS });
  context.on('console', (message) => {
    if (VIOLATION.test(message.text())) violations.push(`${message.location().url}: ${message.text()}`);
  });
}

/**
 * The journeys' `test`: it fails a journey when any page of it, in the default context or in one
 * the journey opens with `browser.newContext()`, breaks the Content-Security-Policy, and when the
 * journey showed a page (a route) without checking its accessibility there (e2e/axe).
 */
export const test = base.extend<{ contentSecurityPolicy: void }>({
  contentSecurityPolicy: [
    async ({ browser, context }, use) => {
      const violations: string[] = [];
      const visited = new Set<string>();
      await watch(context, violations, visited);
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (options) => {
        const created = await newContext(options);
        await watch(created, violations, visited);
        return created;
      };
      try {
        await use();
      } finally {
        browser.newContext = newContext;
      }
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
      // Only once the journey got through: a journey stopped halfway has not checked its later pages.
      if (base.info().errors.length === 0) {
        expect(uncheckedRoutes(visited), 'pages shown without an accessibility check (call expectAccessible from e2e/axe)').toEqual([]);
      }
    },
    { auto: true },
  ],
});
