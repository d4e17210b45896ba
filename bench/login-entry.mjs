// Login entry size: everything the browser loads for /login before user interaction, as listed in
// the built index.html (the entry module script, its modulepreloads and stylesheets), gzip level 9.
// Sizes are in kB = 1000 bytes (the unit `vite build` prints); the total is also shown in KiB.
// Usage: npm run build -w @app/web && node bench/login-entry.mjs
import { entryFiles, readShellHtml, report } from './entry-size.mjs';

const BUDGET_KB = 150; // the budget for the login entry, gzip

const html = readShellHtml('index.html');
if (html) report('login entry', entryFiles(html), BUDGET_KB);
