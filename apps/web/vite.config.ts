import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';

export default defineConfig({
  base: '/',
  plugins: [
    react(),
    // A brotli and a gzip copy beside each compressible asset, picked by Accept-Encoding when the
    // API serves the app (apps/api/src/platform/web-app.ts). Not the shells (index.html, public.html):
    // the server fills in a new nonce for every response, so they are never sent from a file.
    compression({ algorithms: ['brotliCompress', 'gzip'], exclude: [/(^|\/)(index|public)\.html$/], logLevel: 'silent' }),
  ],
  // The server fills in a new nonce for every response of the shell (apps/api/src/platform/web-app.ts);
  // Vite's loader and Mantine read it from <meta property="csp-nonce"> for the <link>/<style> they add.
  html: { cspNonce: '__CSP_NONCE__' },
  server: {
    proxy: {
      '/api': { target: 'http://localhost:3000', changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The entry (below) is one ~600 kB chunk by design; its budget is gzip, checked by bench/login-entry.mjs.
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything the entry imports statically loads on every page anyway. Left to automatic
          // splitting it is cut into a dozen shared chunks whose boundaries move with every lazy
          // page added, and each cut costs compression: one chunk keeps the login entry small and stable.
          groups: [{ name: 'initial', tags: ['$initial'] }],
        },
      },
    },
  },
});
