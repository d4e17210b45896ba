import { defineConfig, mergeConfig } from 'vite';
import app from './vite.config';

/**
 * The public entry (public.html → src/public-main.tsx), built after the app (`npm run build`) into
 * the same dist: a build of its own, so that its entry chunk holds only what the pages behind a
 * mailed link need (the shared 'initial' group of ./vite.config would otherwise merge both entries'
 * modules into one chunk), and the login entry's chunk stays exactly as it was.
 */
export default mergeConfig(
  app,
  defineConfig({
    build: {
      emptyOutDir: false,
      rolldownOptions: { input: 'public.html' },
    },
  }),
);
