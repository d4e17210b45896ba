import { type Page, expect } from '@playwright/test';

/**
 * Every Mantine component the page shows, whose stylesheet the page has not loaded: the elements'
 * `m_xxxxxxxx` classes (what each component's CSS module names its parts) that no rule of the
 * page's stylesheets mentions, each with the component it belongs to (its `mantine-*` class).
 * The guest pages load Mantine's CSS per component (apps/web/src/styles/public-styles.ts and the
 * files beside it) rather than the full stylesheet; a component left out renders unstyled.
 */
const UNSTYLED_COMPONENTS = `(() => {
  const styled = new Set();
  const collect = (rules) => {
    for (const rule of rules) {
      if (rule.selectorText) for (const name of rule.selectorText.match(/\\.m_[0-9a-f]{8}\\b/g) ?? []) styled.add(name.slice(1));
      // @media, @layer, @supports and nested rules hold rules of their own.
      if (rule.cssRules) collect(rule.cssRules);
    }
  };
  for (const sheet of document.styleSheets) {
    try {
      collect(sheet.cssRules);
    } catch {
      // Another origin's stylesheet (the payment provider's) cannot be read, and holds no Mantine rules.
    }
  }
  const missing = new Set();
  for (const element of document.querySelectorAll('[class*="m_"]')) {
    const classes = [...element.classList];
    const component = classes.find((name) => name.startsWith('mantine-')) ?? element.tagName.toLowerCase();
    for (const name of classes) if (/^m_[0-9a-f]{8}$/.test(name) && !styled.has(name)) missing.add(component + ' (.' + name + ')');
  }
  return [...missing].sort();
})()`;

/** The Mantine components on the page as it is now whose stylesheet is missing, as "mantine-Radio-root (.m_xxxxxxxx)". */
export function unstyledComponents(page: Page): Promise<string[]> {
  return page.evaluate<string[]>(UNSTYLED_COMPONENTS);
}

/**
 * Fails the test (softly, like the accessibility check it runs beside) when an element of a Mantine
 * component is on the page without that component's CSS, e.g. a radio button of the pay form on the
 * public invoice page without Radio.css.
 */
export async function expectMantineStyles(page: Page, label: string): Promise<void> {
  expect.soft(await unstyledComponents(page), `Mantine components without their stylesheet on "${label}" (${page.url()})`).toEqual([]);
}
