/**
 * Cold load of /login on a slow link: the built web app (apps/web/dist) served by the API's own
 * web-app module, opened in Chromium with an empty cache over an emulated 10 Mbps / 40 ms link.
 * Side by side in the same run: the assets sent plain (the request's Accept-Encoding removed, as
 * before the build wrote compressed copies) and as the server sends them now. The time is the
 * page's load event (navigation start to loadEventStart), the median of RUNS cold loads; the bytes
 * are everything the browser received for it, headers included.
 */
import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { chromium, type Browser } from '@playwright/test';
import { installWebApp } from '../apps/api/src/platform/web-app';
import { ROOT } from './bench-kit';

const RUNS = 5;
const LINK = { latencyMs: 40, bitsPerSecond: 10_000_000 };
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const dist = path.join(ROOT, 'apps/web/dist');

type Variant = { name: string; compressed: boolean };
type Load = { ms: number; bytes: number; requests: number };

async function serve(compressed: boolean): Promise<{ server: FastifyInstance; origin: string }> {
  const server = Fastify({ logger: false });
  if (!compressed) {
    server.addHook('onRequest', async (request) => {
      delete request.headers['accept-encoding'];
    });
  }
  await installWebApp(server, dist);
  const address = await server.listen({ host: '127.0.0.1', port: 0 });
  return { server, origin: address };
}

async function coldLoad(browser: Browser, url: string): Promise<Load> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    const bytesPerSecond = LINK.bitsPerSecond / 8;
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: LINK.latencyMs, downloadThroughput: bytesPerSecond, uploadThroughput: bytesPerSecond });
    let bytes = 0;
    let requests = 0;
    cdp.on('Network.loadingFinished', (event) => {
      bytes += event.encodedDataLength;
      requests += 1;
    });
    await page.goto(url, { waitUntil: 'load' });
    const ms = await page.evaluate(() => {
      const [navigation] = performance.getEntriesByType('navigation');
      return navigation instanceof PerformanceNavigationTiming ? navigation.loadEventStart : Number.NaN;
    });
    return { ms, bytes, requests };
  } finally {
    await context.close();
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? Number.NaN) : ((sorted[middle - 1] ?? Number.NaN) + (sorted[middle] ?? Number.NaN)) / 2;
}

async function measure(browser: Browser, variant: Variant): Promise<Load> {
  const { server, origin } = await serve(variant.compressed);
  try {
    // One warm-up load, so the server's first reads and Chromium's start-up are not counted.
    await coldLoad(browser, `${origin}/login`);
    const loads: Load[] = [];
    for (let run = 0; run < RUNS; run += 1) loads.push(await coldLoad(browser, `${origin}/login`));
    return { ms: median(loads.map((load) => load.ms)), bytes: median(loads.map((load) => load.bytes)), requests: median(loads.map((load) => load.requests)) };
  } finally {
    await server.close();
  }
}

async function main(): Promise<void> {
  if (!fs.existsSync(path.join(dist, 'index.html'))) {
    console.log(`No build found at ${dist}. Run \`npm run build -w @app/web\` first.`);
    return;
  }
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
  try {
    const variants: Variant[] = [
      { name: 'assets sent plain', compressed: false },
      { name: 'assets sent compressed', compressed: true },
    ];
    console.log(`\ncold load of /login at ${LINK.bitsPerSecond / 1_000_000} Mbps / ${LINK.latencyMs} ms, median of ${RUNS}`);
    console.log(`${'variant'.padEnd(24)}  ${'load ms'.padStart(8)}  ${'received kB'.padStart(12)}  ${'requests'.padStart(8)}`);
    for (const variant of variants) {
      const load = await measure(browser, variant);
      console.log(`${variant.name.padEnd(24)}  ${load.ms.toFixed(0).padStart(8)}  ${(load.bytes / 1000).toFixed(1).padStart(12)}  ${String(load.requests).padStart(8)}`);
    }
  } finally {
    await browser.close();
  }
}

await main();
