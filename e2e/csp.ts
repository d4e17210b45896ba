import { type BrowserContext, test as base, expect } from '@playwright/test';

/** Chromium's own report ("Refused to ... because it violates the following Content Security Policy directive") and ours, below. */
const VIOLATION = /Content Security Policy|\[csp-violation\]/;

const REPORT_VIOLATIONS = `document.addEventListener('securitypolicyviolation', (event) => {
  console.error('[csp-violation] ' + event.effectiveDirective + ' blocked ' + (event.blockedURI || 'inline') + ' in ' + event.documentURI);
});`;

/** Every page of `context` reports each policy violation to the console, where `violations` collects it. */
async function watch(context: BrowserContext, violations: string[]): Promise<void> {
  // Init scripts run outside the page's policy, so this listener itself is never blocked.
  await context.addInitScript({ content: REPORT_VIOLATIONS });
  context.on('console', (message) => {
    if (VIOLATION.test(message.text())) violations.push(`${message.location().url}: ${message.text()}`);
  });
}

/**
 * The journeys' `test`: it fails a journey when any page of it, in the default context or in one
 * the journey opens with `browser.newContext()`, breaks the Content-Security-Policy.
 */
export const test = base.extend<{ contentSecurityPolicy: void }>({
  contentSecurityPolicy: [
    async ({ browser, context }, use) => {
      const violations: string[] = [];
      await watch(context, violations);
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (options) => {
        const created = await newContext(options);
        await watch(created, violations);
        return created;
      };
      try {
        await use();
      } finally {
        browser.newContext = newContext;
      }
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
});
