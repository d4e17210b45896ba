import type { CSSVariablesResolver, MantineColorsTuple, MantineThemeComponents } from '@mantine/core';
import { guestText } from './guest-text';

/** WCAG 2 AA for normal text: the colours below keep at least this ratio against what they sit on. */
export const MIN_TEXT_CONTRAST = 4.5;
/** A hair above the threshold, so rounding in the browser or in a checker never tips a colour below it. */
const TARGET_CONTRAST = MIN_TEXT_CONTRAST + 0.1;
const WHITE = '#ffffff';

const channels = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));

function luminance(hex: string): number {
  const [r = 0, g = 0, b = 0] = channels(hex).map((c) => (c / 255 <= 0.03928 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The WCAG contrast ratio of two #rrggbb colours, 1 to 21 (Mantine's palettes and the tenant's are such colours). */
export function contrastRatio(first: string, second: string): number {
  const [a, b] = [luminance(first), luminance(second)];
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}

/** `color` darkened towards black in small steps until it reads on `background`; unchanged when it already does. */
export function darkenToContrast(color: string, background: string, ratio = TARGET_CONTRAST): string {
  for (let step = 0; ; step += 1) {
    const candidate = `#${channels(color)
      .map((c) => Math.round(c * (1 - step / 20)).toString(16).padStart(2, '0'))
      .join('')}`;
    if (step === 20 || contrastRatio(candidate, background) >= ratio) return candidate;
  }
}

/** The first shade from `from` on that reads as text on `background`, else the darkest shade darkened until it does. */
function readableShade(palette: MantineColorsTuple, from: number, background: string): string {
  return palette.slice(from).find((shade) => contrastRatio(shade, background) >= TARGET_CONTRAST) ?? darkenToContrast(palette[9], background);
}

/**
 * Mantine's light-scheme colours, made readable: filled buttons and badges carry white text on a
 * shade dark enough for it (green, yellow and the tenant's own colour are too light at shade 6),
 * light badges and buttons a text colour that reads on their tinted background, coloured text and
 * links a shade that reads on white, and the dimmed grey one that reads on white and on the light
 * greys of table rows and cards (Mantine's gray.6 is 3.3:1 on white), and placeholders.
 */
export const accessibleColorsResolver: CSSVariablesResolver = (theme) => {
  const light: Record<string, string> = {};
  const primaryShade = typeof theme.primaryShade === 'number' ? theme.primaryShade : theme.primaryShade.light;
  for (const [name, palette] of Object.entries(theme.colors)) {
    if (!palette) continue;
    const filled = readableShade(palette, primaryShade, WHITE);
    light[`--mantine-color-${name}-filled`] = filled;
    light[`--mantine-color-${name}-filled-hover`] = darkenToContrast(filled, WHITE, contrastRatio(filled, WHITE) + 1);
    // Read on the light background and on its hover shade, one step darker.
    light[`--mantine-color-${name}-light-color`] = readableShade(palette, primaryShade, palette[2]);
    // Coloured text (`c="red"`) is Mantine's `-text`, which is `-filled` already.
    light[`--mantine-color-${name}-outline`] = filled;
  }
  const gray = theme.colors.gray;
  light['--mantine-color-dimmed'] = darkenToContrast(gray[6], gray[1]);
  // A placeholder some inputs render as text (the file input's "Choose a file") must read too; gray.5 is 2.1:1.
  light['--mantine-color-placeholder'] = darkenToContrast(gray[5], WHITE);
  light['--mantine-color-anchor'] = `var(--mantine-color-${theme.primaryColor}-filled)`;
  light['--mantine-color-error'] = 'var(--mantine-color-red-filled)';
  light['--mantine-color-success'] = 'var(--mantine-color-teal-filled)';
  return { variables: {}, light, dark: {} };
};

/**
 * Names for Mantine's close buttons, which show only a cross, so a screen reader announces what
 * they do; menus made of menu items only; tables that scroll sideways reachable by keyboard. Plain
 * default props, not `Component.extend`: the login entry would otherwise bundle those components.
 * (The pagination's arrows are named by components/labelled-pagination, with the signed-in strings.)
 */
export function accessibleComponents(): MantineThemeComponents {
  const closeButtonProps = { 'aria-label': guestText('common.close') };
  return {
    // Any other cross-only button (a clearable field's, say) is named too, unless it names itself.
    CloseButton: { defaultProps: closeButtonProps },
    Modal: { defaultProps: { closeButtonProps } },
    Drawer: { defaultProps: { closeButtonProps } },
    Notification: { defaultProps: { closeButtonProps } },
    Alert: { defaultProps: { closeButtonLabel: closeButtonProps['aria-label'] } },
    // Mantine's focus placeholder (a role=presentation element) is not a menu item; without it,
    // opening a menu focuses the menu and the arrow keys reach the items.
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
    TableScrollContainer: { defaultProps: { scrollAreaProps: { viewportProps: { tabIndex: 0 } } } },
  };
}
