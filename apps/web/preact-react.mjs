/**
 * What `react` is in the public entry's build (./vite.public.config.ts): Preact's compatibility
 * layer, plus React 19's <Activity>, which preact/compat lacks and Mantine imports (Tabs, Tree,
 * Textarea's autosize; no public page renders them). Hidden content is left out rather than kept
 * mounted out of sight, so it keeps no state while hidden. Plain JavaScript: preact/compat's types
 * are declared with `export =`, which TypeScript does not let a module re-export with `export *`.
 */
export * from 'preact/compat';
export { default } from 'preact/compat';

/** @param {{ mode?: 'visible' | 'hidden', children?: import('preact').ComponentChildren }} props */
export function Activity({ mode = 'visible', children }) {
  return mode === 'hidden' ? null : children;
}
