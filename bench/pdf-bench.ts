/**
 * PDF benchmark. Prints figures; never fails on speed, only when rendering breaks.
 *
 * Sequential renders on one core for a fixed time: the real renderer (model → template →
 * pdfmake) on a 5-line invoice, beside pdfmake rendering a fixed, equivalent definition written
 * out by hand (same fonts, no model mapping). A 40-line invoice is shown for scale, and 5-line
 * invoices named in Arabic and in Japanese show the cost of the fallback fonts and right-to-left
 * runs. The first render in another script reads and parses that script's fonts (once per
 * process): its time and the memory the font files take are printed separately.
 * Bundled and started by bench/run.mjs after the API benchmark.
 */
import os from 'node:os';
import type { TDocumentDefinitions } from 'pdfmake/interfaces';
import { renderDocumentPdf } from '../apps/api/src/platform/pdf';
import { renderPdfDefinition } from '../apps/api/src/platform/pdf/pdf-engine';
import { sampleInvoice, sampleInvoiceNamed, type SampleNames } from '../apps/api/src/platform/pdf/sample-documents';

const WARMUP_SECONDS = 1;
const DURATION_SECONDS = 5;
const TARGET_RENDERS_PER_SECOND = 25;

/** perCpuSecond: renders per second of CPU the process used, which other load on the machine does not lower. */
type Result = { renders: number; perSecond: number; perCpuSecond: number; p50: number; p99: number; bytes: number };

function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? 0;
}

async function measure(render: () => Promise<Buffer>): Promise<Result> {
  const warmupEnd = performance.now() + WARMUP_SECONDS * 1000;
  while (performance.now() < warmupEnd) await render();

  const durations: number[] = [];
  let bytes = 0;
  const cpuStart = process.cpuUsage();
  const start = performance.now();
  const end = start + DURATION_SECONDS * 1000;
  while (performance.now() < end) {
    const t0 = performance.now();
    const pdf = await render();
    durations.push(performance.now() - t0);
    if (pdf.subarray(0, 5).toString('latin1') !== '%PDF-') throw new Error('render did not produce a PDF');
    bytes = pdf.length;
  }
  const elapsed = (performance.now() - start) / 1000;
  const cpu = process.cpuUsage(cpuStart);
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  durations.sort((a, b) => a - b);
  return {
    renders: durations.length,
    perSecond: durations.length / elapsed,
    perCpuSecond: durations.length / cpuSeconds,
    p50: percentile(durations, 0.5),
    p99: percentile(durations, 0.99),
    bytes,
  };
}

/** The 5-line sample invoice as a literal pdfmake definition: same texts, tables and fonts, classic look. */
function fixedDefinition(): TDocumentDefinitions {
  const row = (name: string, description: string | null, quantity: string, discount: string) => [
    { stack: [{ text: name, bold: true }, ...(description ? [{ text: description, fontSize: 8, color: '#6b7280' }] : [])] },
    { text: quantity, alignment: 'right' as const },
    { text: '493,82 €', alignment: 'right' as const },
    { text: discount, alignment: 'right' as const },
    { stack: [{ text: '98,76 €' }, { text: 'VAT (20%)', fontSize: 8, color: '#6b7280' }], alignment: 'right' as const },
    { text: '1.234,56 €', bold: true, alignment: 'right' as const },
  ];
  const total = (label: string, value: string) => [{ text: label }, { text: value, alignment: 'right' as const }];
  return {
    info: { title: 'Invoice INV-000042' },
    pageMargins: [40, 40, 40, 56],
    defaultStyle: { font: 'Roboto', fontSize: 9.5, lineHeight: 1.15 },
    footer: (page, pages) => ({ text: `Piekarnia Łódź · NIP 725-000-00-00 · Invoice INV-000042 · ${page}/${pages}`, fontSize: 8, margin: [40, 12, 40, 0] }),
    content: [
      {
        columns: [
          { width: '*', stack: [{ text: 'Piekarnia Łódź Sp. z o.o.', bold: true, fontSize: 12 }, 'ul. Piotrkowska 1', '90-001 Łódź', 'Poland', 'biuro@piekarnia.example'] },
          {
            width: 'auto',
            stack: [
              { text: 'INVOICE', fontSize: 22, bold: true, alignment: 'right' },
              { text: 'INV-000042', bold: true, alignment: 'right' },
              { table: { body: [['Invoice Date', '2026-03-01'], ['Due Date', '2026-03-31'], ['Status', 'Sent']] }, layout: 'noBorders' },
            ],
          },
        ],
        margin: [0, 0, 0, 24],
      },
      {
        columns: [
          { stack: ['BILL TO', { text: 'Käserei Zürich AG', bold: true }, 'Bahnhofstrasse 10', '8001 Zürich', 'Switzerland'] },
          { stack: ['SHIP TO', { text: 'Lager København ApS', bold: true }, 'Nørrebrogade 5', '2200 København N', 'Denmark'] },
        ],
        margin: [0, 0, 0, 18],
      },
      {
        table: {
          headerRows: 1,
          dontBreakRows: true,
          widths: ['*', 'auto', 'auto', 'auto', 'auto', 'auto'],
          body: [
            ['Item', 'Quantity', 'Price', 'Discount', 'Tax', 'Amount'].map((text) => ({ text, bold: true, fontSize: 8.5 })),
            row('Service item 01', 'Work in Łódź, batch 01', '2.5', '49,38 €'),
            row('Service item 02', null, '1', '0,00 €'),
            row('Service item 03', 'Work in Łódź, batch 03', '1', '0,00 €'),
            row('Service item 04', null, '1', '49,38 €'),
            row('Service item 05', 'Work in Łódź, batch 05', '1', '0,00 €'),
          ],
        },
        layout: 'lightHorizontalLines',
        margin: [0, 0, 0, 12],
      },
      {
        columns: [
          { width: '*', text: '' },
          {
            width: 'auto',
            table: {
              widths: [120, 'auto'],
              body: [
                total('Subtotal', '24.691,20 €'),
                total('Discount (10%)', '2.469,12 €'),
                total('VAT (20%)', '4.444,42 €'),
                total('Total', '26.666,50 €'),
                total('Amount Paid', '10.000,00 €'),
                total('Amount Due', '16.666,50 €'),
              ],
            },
            layout: 'noBorders',
          },
        ],
        margin: [0, 0, 0, 18],
      },
      { text: 'NOTES', fontSize: 8, bold: true },
      { text: 'Thank you for your business.\nPayment by bank transfer within 30 days.' },
    ],
  };
}

function printTable(rows: { label: string; result: Result }[]): void {
  const header = ['variant', 'renders', 'renders/s', 'renders/CPU-s', 'p50 ms', 'p99 ms', 'PDF bytes'];
  const cells = rows.map(({ label, result }) => [
    label,
    String(result.renders),
    result.perSecond.toFixed(1),
    result.perCpuSecond.toFixed(1),
    result.p50.toFixed(1),
    result.p99.toFixed(1),
    String(result.bytes),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((r) => (r[i] ?? '').length)));
  const line = (values: string[]) => `| ${values.map((c, i) => (i >= 1 ? c.padStart(widths[i] ?? 0) : c.padEnd(widths[i] ?? 0))).join(' | ')} |`;
  console.log(line(header));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const row of cells) console.log(line(row));
}

const arabic: SampleNames = { business: 'شركة الخليج للتجارة', customer: 'مؤسسة النور', item: 'خدمات استشارية' };
const japanese: SampleNames = { business: '株式会社やまだ商店', customer: '山田太郎', item: 'コンサルティング業務' };

/** The first render in a script, with the font files it loads; before any other render of that script. */
async function firstRender(label: string, names: SampleNames): Promise<string> {
  const before = process.memoryUsage().arrayBuffers;
  const t0 = performance.now();
  await renderDocumentPdf(sampleInvoiceNamed(5, names));
  const ms = performance.now() - t0;
  const loaded = (process.memoryUsage().arrayBuffers - before) / 1024 / 1024;
  return `  first ${label} render (loads its fonts): ${ms.toFixed(0)} ms, buffers +${loaded.toFixed(1)} MB`;
}

async function main(): Promise<void> {
  console.log(`\n== PDF rendering (sequential, one core, ${DURATION_SECONDS} s after a ${WARMUP_SECONDS} s warm-up; Node ${process.version}, ${os.cpus()[0]?.model ?? ''})`);
  const fiveLines = sampleInvoice(5);
  const fortyLines = sampleInvoice(40);
  const firstRenders = [await firstRender('Arabic', arabic), await firstRender('Japanese', japanese)];
  const rows = [
    { label: 'renderDocumentPdf, 5-line invoice', result: await measure(() => renderDocumentPdf(fiveLines)) },
    { label: 'bare pdfmake, fixed equivalent definition', result: await measure(() => renderPdfDefinition(fixedDefinition())) },
    { label: 'renderDocumentPdf, 40-line invoice', result: await measure(() => renderDocumentPdf(fortyLines)) },
    { label: 'renderDocumentPdf, 5-line invoice named in Arabic', result: await measure(() => renderDocumentPdf(sampleInvoiceNamed(5, arabic))) },
    { label: 'renderDocumentPdf, 5-line invoice named in Japanese', result: await measure(() => renderDocumentPdf(sampleInvoiceNamed(5, japanese))) },
  ];
  printTable(rows);
  console.log('');
  for (const line of firstRenders) console.log(line);
  const [real, bare] = rows;
  if (real && bare) {
    const verdict = real.result.perSecond >= TARGET_RENDERS_PER_SECOND ? 'met' : 'NOT met';
    console.log(`\n  5-line invoice: ${real.result.perSecond.toFixed(1)} renders/s (target >= ${TARGET_RENDERS_PER_SECOND}: ${verdict}); real/bare ratio ${(real.result.perSecond / bare.result.perSecond).toFixed(2)}`);
  }
}

main().catch((error: unknown) => {
  console.error('\n!! PDF benchmark failed:', error);
  process.exit(1);
});
