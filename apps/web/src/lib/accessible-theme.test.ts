import { describe, expect, it } from 'vitest';
import { DEFAULT_THEME, mergeMantineTheme } from '@mantine/core';
import { MIN_TEXT_CONTRAST, accessibleColorsResolver, contrastRatio, darkenToContrast } from './accessible-theme';
import { themeFor } from './tenant';

const WHITE = '#ffffff';

function lightVariables(color?: string): Record<string, string> {
  return accessibleColorsResolver(mergeMantineTheme(DEFAULT_THEME, themeFor(color))).light;
}

/** A variable's value, following `var(--other)` references through the same set. */
function resolved(variables: Record<string, string>, name: string): string {
  const value = variables[name] ?? '';
  const reference = /^var\((--[\w-]+)\)$/.exec(value)?.[1];
  return reference ? resolved(variables, reference) : value;
}

describe('contrastRatio', () => {
  it('is 21 for black on white, 1 for a colour on itself, and the WCAG figure for Mantine grey', () => {
    expect(contrastRatio('#000000', WHITE)).toBeCloseTo(21);
    expect(contrastRatio('#40c057', '#40c057')).toBe(1);
    expect(contrastRatio('#868e96', WHITE)).toBeCloseTo(3.32, 2);
  });
});

describe('darkenToContrast', () => {
  it('keeps a colour that already reads and darkens one that does not', () => {
    expect(darkenToContrast('#212529', WHITE)).toBe('#212529');
    const darker = darkenToContrast('#40c057', WHITE);
    expect(contrastRatio(darker, WHITE)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
  });
});

describe('accessibleColorsResolver', () => {
  const variables = lightVariables();

  it.each(Object.keys(DEFAULT_THEME.colors))('gives %s white text on its filled shade and readable text on its light shades and on white', (name) => {
    const palette = DEFAULT_THEME.colors[name];
    expect(contrastRatio(resolved(variables, `--mantine-color-${name}-filled`), WHITE)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    for (const lightBackground of [palette?.[1], palette?.[2]]) {
      expect(contrastRatio(resolved(variables, `--mantine-color-${name}-light-color`), lightBackground ?? WHITE)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    }
    expect(contrastRatio(resolved(variables, `--mantine-color-${name}-outline`), WHITE)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
  });

  it('makes the dimmed grey readable on white and on the light greys of rows and cards', () => {
    const dimmed = resolved(variables, '--mantine-color-dimmed');
    for (const background of [WHITE, DEFAULT_THEME.colors.gray[0], DEFAULT_THEME.colors.gray[1]]) {
      expect(contrastRatio(dimmed, background)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    }
  });

  it('makes placeholders shown as text (the file input\'s) readable on white', () => {
    expect(contrastRatio(resolved(variables, '--mantine-color-placeholder'), WHITE)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
  });

  it("darkens a light tenant colour for its buttons and links, and keeps a dark one as it is", () => {
    const light = lightVariables('#ffd43b');
    expect(contrastRatio(resolved(light, '--mantine-color-brand-filled'), WHITE)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    expect(resolved(light, '--mantine-color-anchor')).toBe(resolved(light, '--mantine-color-brand-filled'));
    expect(resolved(lightVariables('#1e3a8a'), '--mantine-color-brand-filled')).toBe('#1e3a8a');
  });
});
