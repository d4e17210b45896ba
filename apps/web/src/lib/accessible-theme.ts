import type { CSSVariablesResolver, MantineColorsTuple, MantineTheme, MantineThemeComponents } from '@mantine/core';
import { guestText } from './guest-text';

/** WCAG 2 AA for normal text: the colours below keep at least this ratio against what they sit on. */
export const MIN_TEXT_CONTRAST = 4.5;
/** A hair above the threshold, so rounding in the browser or in a checker never tips a colour below it. */
const TARGET_CONTRAST = MIN_TEXT_CONTRAST + 0.1;
const WHITE = '#ffffff';
const HEX_COLOR = /^#([0-9a-f]{6})$/i;

function channels(hex: string): number[] | null {
  const digits = HEX_COLOR.exec(hex.trim())?.[1];
  return digits ? [0, 2, 4].map((i) => parseInt(digits.slice(i, i + 2), 16)) : null;
}

function relativeLuminance(rgb: readonly number[]): number {
  const [r = 0, g = 0, b = 0] = rgb.map((channel) => {
    const c = channel / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The WCAG contrast ratio of two #rrggbb colours (1 to 21); 1 when either is not such a colour. */
export function contrastRatio(first: string, second: string): number {
  const a = channels(first);
  const b = channels(second);
  if (!a || !b) return 1;
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x);
  return ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05);
}

function toHex(rgb: readonly number[]): string {
  return `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
}

/** `color` darkened towards black in small steps until it reads on `background`; unchanged when it already does. */
export function darkenToContrast(color: string, background: string, ratio = TARGET_CONTRAST): string {
  const rgb = channels(color);
  if (!rgb) return color;
  for (let step = 0; step <= 20; step += 1) {
    const candidate = toHex(rgb.map((c) => c * (1 - step / 20)));
    if (contrastRatio(candidate, background) >= ratio) return candidate;
  }
  return '#000000';
}

/** The first shade from `from` on that reads as text on `background`, else the darkest shade darkened until it does. */
function readableShade(palette: MantineColorsTuple, from: number, background: string): string {
  const shade = palette.slice(from).find((candidate) => contrastRatio(candidate, background) >= TARGET_CONTRAST);
  return shade ?? darkenToContrast(palette[9], background);
}

/**
 * Mantine's light-scheme colours, made readable: filled buttons and badges carry white text on a
 * shade dark enough for it (green, yellow and the tenant's own colour are too light at shade 6),
 * light badges and buttons a text colour that reads on their tinted background, coloured text and
 * links a shade that reads on white, and the dimmed grey one that reads on white and on the light
 * greys of table rows and cards (Mantine's gray.6 is 3.3:1 on white).
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
    light[`--mantine-color-${name}-outline`] = filled;
    light[`--mantine-color-${name}-text`] = filled;
  }
  const gray = theme.colors.gray;
  light['--mantine-color-dimmed'] = darkenToContrast(gray[6], gray[1]);
  light['--mantine-color-anchor'] = `var(--mantine-color-${theme.primaryColor}-text)`;
  light['--mantine-color-error'] = 'var(--mantine-color-red-text)';
  light['--mantine-color-success'] = 'var(--mantine-color-teal-text)';
  return { variables: {}, light, dark: {} };
};

/**
 * Names for Mantine's buttons that show only an icon (close crosses, the pagination arrows, the
 * colour picker's eye-dropper), so a screen reader announces what they do; menus made of menu
 * items only; nothing that scrolls out of the keyboard's reach. Plain default props,
 * not `Component.extend`: the login entry would otherwise bundle every one of those components.
 */
export function accessibleComponents(): MantineThemeComponents {
  const closeButtonProps = { 'aria-label': guestText('common.close') };
  const paginationLabels = {
    first: guestText('common.pagination_first'),
    previous: guestText('common.pagination_previous'),
    next: guestText('common.pagination_next'),
    last: guestText('common.pagination_last'),
  };
  return {
    Modal: { defaultProps: { closeButtonProps } },
    Drawer: { defaultProps: { closeButtonProps } },
    Notification: { defaultProps: { closeButtonProps } },
    Alert: { defaultProps: { closeButtonLabel: closeButtonProps['aria-label'] } },
    Pagination: { defaultProps: { getControlProps: (control: keyof typeof paginationLabels) => ({ 'aria-label': paginationLabels[control] }) } },
    ColorInput: { defaultProps: { eyeDropperButtonProps: { 'aria-label': guestText('common.pick_color') } } },
    // A menu holds menu items only: Mantine's focus placeholder (a role=presentation element) is
    // not one; without it, opening a menu focuses the menu and the arrow keys reach the items.
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
    // A table wider than the screen scrolls sideways: keyboard users reach that scrolling too.
    TableScrollContainer: { defaultProps: { scrollAreaProps: { viewportProps: { tabIndex: 0 } } } },
    // A code block (a token, a mail's text) wraps instead of becoming a region only a mouse can scroll.
    Code: { styles: (_theme: MantineTheme, props: { block?: boolean }) => (props.block ? { root: { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' } } : {}) },
  };
}
