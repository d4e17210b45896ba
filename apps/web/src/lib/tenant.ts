import { queryOptions, useQuery } from '@tanstack/react-query';
import { DEFAULT_THEME, createTheme, type MantineColorsTuple, type MantineThemeOverride } from '@mantine/core';
import type { TenantPublicConfig } from '@app/contracts';
import { accessibleComponents } from './accessible-theme';
import { api } from './api-client';
import { tenantAnswer } from './entry-answers-loader';
import { guestText } from './guest-text';

export const tenantConfigQueryOptions = queryOptions({
  queryKey: ['tenant-config'] as const,
  queryFn: () => api.get('/tenant-config', tenantAnswer),
  staleTime: Number.POSITIVE_INFINITY,
});

/** Public branding and switches (pre-login); undefined while loading or when unavailable. */
export function useTenantConfig(): TenantPublicConfig | undefined {
  return useQuery(tenantConfigQueryOptions).data;
}

const HEX_COLOR = /^#([0-9a-f]{6})$/i;

function mix(channel: number, target: number, amount: number): number {
  return Math.round(channel + (target - channel) * amount);
}

function toHex(rgb: readonly number[]): string {
  return `#${rgb.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}

/** Ten shades around the tenant's theme colour; the colour itself is shade 6 (Mantine's primary shade). */
function brandPalette(color: string): MantineColorsTuple | null {
  const match = HEX_COLOR.exec(color.trim());
  const hex = match?.[1];
  if (!hex) return null;
  const rgb = [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16));
  const tint = (amount: number) => toHex(rgb.map((c) => mix(c, 255, amount)));
  const shade = (amount: number) => toHex(rgb.map((c) => mix(c, 0, amount)));
  return [tint(0.9), tint(0.75), tint(0.6), tint(0.45), tint(0.3), tint(0.15), toHex(rgb), shade(0.15), shade(0.3), shade(0.45)];
}

/** The tenant's font first, the default stack behind it; a name with other characters is ignored. */
function fontFamilyFor(font: string | null | undefined): string | undefined {
  const name = font?.trim();
  return name && /^[\w -]{1,64}$/.test(name) ? `"${name}", ${DEFAULT_THEME.fontFamily}` : undefined;
}

/** The tenant's theme colour and font, for the login pages and the signed-in app shell alike. */
export function themeFor(color: string | undefined, font?: string | null): MantineThemeOverride {
  const palette = color ? brandPalette(color) : null;
  const fontFamily = fontFamilyFor(font);
  const typography = fontFamily ? { fontFamily, headings: { fontFamily } } : {};
  const components = {
    // The show/hide toggle is keyboard reachable, and its name must not contain "Password":
    // a field labelled Password has to be the only match for that label. Plain default props, not
    // `PasswordInput.extend`, which would bundle the field (and Input, ActionIcon, Transition) into
    // the public entry, whose pages have no password (issue 17).
    PasswordInput: {
      defaultProps: {
        visibilityToggleFocusable: true,
        visibilityToggleButtonProps: { 'aria-label': guestText('common.toggle_visibility') },
      },
    },
    ...accessibleComponents(),
  };
  // Keyboard users see where they are: the focus ring on every control reached with the keyboard.
  const base = { focusRing: 'auto' as const, components, ...typography };
  if (!palette) return createTheme({ primaryColor: 'indigo', ...base });
  return createTheme({ primaryColor: 'brand', colors: { brand: palette }, ...base });
}
