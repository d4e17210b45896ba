import { fileURLToPath } from 'node:url';
import { defineConfig, mergeConfig } from 'vite';
import app from './vite.config';

/**
 * The public entry (public.html → src/public-main.tsx), built after the app (`npm run build`) into
 * the same dist: a build of its own, so that its entry chunk holds only what the pages behind a
 * mailed link need (the shared 'initial' group of ./vite.config would otherwise merge both entries'
 * modules into one chunk), and the login entry's chunk stays exactly as it was.
 *
 * React is Preact's compatibility layer here (issue 17: react-dom alone is ~64 kB gzip of the
 * public pay page, preact/compat ~9 kB), and i18next and React Router are the small parts of them
 * these pages use (src/lib/public-*.ts, each held to the real one by its test). The signed-in app
 * keeps React, i18next and React Router.
 */
const SCROLL_AREA = /\/@mantine\/core\/esm\/components\/ScrollArea\//;

export default mergeConfig(
  app,
  defineConfig({
    resolve: {
      alias: [
        { find: /^react$/, replacement: fileURLToPath(new URL('./preact-react.mjs', import.meta.url)) },
        { find: /^react-dom$/, replacement: 'preact/compat' },
        { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
        { find: /^react\/jsx-(dev-)?runtime$/, replacement: 'preact/jsx-runtime' },
        // The part of i18next the public pages use (src/lib/public-i18next.ts: ~1 kB for ~16 kB gzip).
        { find: /^i18next$/, replacement: fileURLToPath(new URL('./src/lib/public-i18next.ts', import.meta.url)) },
        { find: /^react-i18next$/, replacement: fileURLToPath(new URL('./src/lib/public-react-i18next.ts', import.meta.url)) },
        // The part of React Router the public pages use (src/lib/public-react-router.tsx: ~1 kB for ~13 kB gzip).
        { find: /^react-router$/, replacement: fileURLToPath(new URL('./src/lib/public-react-router.tsx', import.meta.url)) },
      ],
    },
    plugins: [
      {
        // Mantine's ScrollArea takes only `useMergeRefs` from floating-ui: see ./scroll-area-refs.mjs.
        name: 'scroll-area-refs',
        enforce: 'pre',
        resolveId(source, importer) {
          if (source === '@floating-ui/react' && importer && SCROLL_AREA.test(importer)) return fileURLToPath(new URL('./scroll-area-refs.mjs', import.meta.url));
          return null;
        },
      },
    ],
    build: {
      emptyOutDir: false,
      rolldownOptions: { input: 'public.html' },
    },
  }),
);
