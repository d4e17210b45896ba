import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderDocumentPdf } from './index';
import { sampleInvoice, sampleInvoiceNamed, type SampleNames } from './sample-documents';

const run = promisify(execFile);
let workDir = '';
let fileCounter = 0;

beforeAll(async () => {
  workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'pdf-scripts-'));
});

afterAll(async () => {
  await fs.rm(workDir, { recursive: true, force: true });
});

async function writePdf(pdf: Buffer): Promise<string> {
  fileCounter += 1;
  const file = path.join(workDir, `document-${fileCounter}.pdf`);
  await fs.writeFile(file, pdf);
  return file;
}

/**
 * The text pdftotext (poppler) reads from the PDF, without the embedding controls it wraps around
 * every right-to-left stretch it outputs (U+202A LRE, U+202B RLE, U+202C PDF): poppler adds them,
 * the document does not hold them.
 */
async function pdfText(file: string): Promise<string> {
  const { stdout } = await run('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-']);
  return stdout.replace(/[\u202A-\u202C]/g, '');
}

async function embeddedFonts(file: string): Promise<string> {
  const { stdout } = await run('pdffonts', [file]);
  return stdout;
}

// Names as businesses write them: Arabic and Hebrew without vowel points, no digits inside a
// right-to-left name, no lam-alef ligature (see docs/design-notes.md for why pdftotext cannot read
// those back verbatim).
const scripts: { script: string; names: SampleNames; font: RegExp }[] = [
  {
    script: 'Latin with combining marks',
    names: { business: 'Cafe\u0301 de la Lumie\u0300re', customer: 'Zoe\u0308 Mu\u0308ller', item: 'Pa\u0302te\u0301 maison' },
    font: /NotoSans-Bold/,
  },
  { script: 'Greek', names: { business: 'Αθηναϊκή Εταιρεία Α.Ε.', customer: 'Γιώργος Παπαδόπουλος', item: 'Υπηρεσίες συμβούλου' }, font: /Roboto-Medium/ },
  { script: 'Cyrillic', names: { business: 'ООО «Ромашка»', customer: 'Иван Петрович Сидоров', item: 'Консультационные услуги' }, font: /Roboto-Medium/ },
  { script: 'Arabic', names: { business: 'شركة الخليج للتجارة', customer: 'مؤسسة النور', item: 'خدمات استشارية' }, font: /NotoNaskhArabic-Bold/ },
  { script: 'Hebrew', names: { business: 'חברת הגליל בע״מ', customer: 'משה כהן', item: 'שירותי ייעוץ' }, font: /NotoSansHebrew-Bold/ },
  { script: 'Chinese', names: { business: '北京朝阳科技有限公司', customer: '张伟', item: '咨询服务' }, font: /NotoSansHans-Bold/ },
  { script: 'Japanese', names: { business: '株式会社やまだ商店', customer: '山田太郎', item: 'コンサルティング業務' }, font: /NotoSansJP-Bold/ },
  { script: 'Korean', names: { business: '주식회사 한빛', customer: '김민준', item: '컨설팅 서비스' }, font: /NotoSansKR-Bold/ },
];

describe('documents named in every script', () => {
  it.each(scripts)('$script: the business, customer and line names read back exactly', async ({ names, font }) => {
    const file = await writePdf(await renderDocumentPdf(sampleInvoiceNamed(2, names)));
    const text = await pdfText(file);
    expect(text).toContain(names.business);
    expect(text).toContain(names.customer);
    expect(text).toContain(names.item);
    // The rest of the document is untouched, precomposed letters included.
    expect(text).toContain('Lager København ApS');
    expect(text).toContain('Work in Łódź, batch 01');
    expect(text).toMatch(/Total\s+26\.666,50 €/);
    // The names are drawn with real glyphs of an embedded font, not empty boxes.
    expect(await embeddedFonts(file)).toMatch(font);
  });

  it.each(scripts.filter(({ script }) => ['Greek', 'Cyrillic', 'Arabic', 'Hebrew', 'Japanese'].includes(script)))(
    '$script in a template set in Noto Sans: the names read back exactly and the body is Noto Sans',
    async ({ names }) => {
      const model = sampleInvoiceNamed(2, names);
      const file = await writePdf(await renderDocumentPdf({ ...model, layout: { ...model.layout, font: 'NotoSans' } }));
      const text = await pdfText(file);
      for (const name of [names.business, names.customer, names.item, 'Lager København ApS']) expect(text).toContain(name);
      expect(text).toMatch(/Total\s+26\.666,50 €/);
      const fonts = await embeddedFonts(file);
      expect(fonts).toMatch(/NotoSans-Regular/);
      expect(fonts).not.toMatch(/Roboto/);
    },
  );

  it('a line mixing Latin, Greek, Cyrillic, Han, Hangul and combining marks reads back exactly', async () => {
    const line = 'Consulting Ελλάδα Москва Cafe\u0301 東京 서울';
    const text = await pdfText(await writePdf(await renderDocumentPdf(sampleInvoiceNamed(1, { business: 'Solo Trader', customer: 'Käserei Zürich AG', item: line }))));
    expect(text).toContain(line);
  });

  it('a Latin line naming an Arabic customer keeps every character in order; pdftotext moves the spaces at the direction change', async () => {
    const line = 'Invoice for شركة الخليج Ltd';
    const text = await pdfText(await writePdf(await renderDocumentPdf(sampleInvoiceNamed(1, { business: 'Solo Trader', customer: 'Käserei Zürich AG', item: line }))));
    const itemLine = text.split('\n').find((candidate) => candidate.includes('Invoice for'));
    // poppler reads right-to-left stretches back to logical order but gives a neutral space next
    // to them to the stretch, so only the spacing may differ from the logical text.
    expect(itemLine?.replace(/\s+/g, '')).toContain(line.replace(/\s+/g, ''));
  });

  it('a right-to-left paragraph that wraps reads from its first line down, each line right to left', async () => {
    const notes =
      'תודה רבה על העסקה שלכם אנחנו מעריכים את שיתוף הפעולה ומקווים להמשיך לעבוד יחד בשנים הבאות התשלום יתבצע בהעברה בנקאית ' +
      'בתוך שלושים יום מתאריך החשבונית ואנו מודים לכם שוב על האמון שנתתם בנו לאורך כל הדרך הארוכה הזאת';
    const text = await pdfText(await writePdf(await renderDocumentPdf({ ...sampleInvoice(1), notes })));
    const linesAfterHeading = text
      .slice(text.indexOf('NOTES') + 'NOTES'.length)
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '');
    // The notes run until the page footer.
    const noteLines = linesAfterHeading.slice(0, linesAfterHeading.findIndex((line) => line.startsWith('Piekarnia')));
    expect(noteLines.length).toBeGreaterThan(1);
    expect(noteLines.join(' ')).toBe(notes);
  });
});
