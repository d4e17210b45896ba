import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderPdfDefinition } from './pdf-engine';

const run = promisify(execFile);
let workDir = '';

beforeAll(async () => {
  workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'pdf-tables-'));
});

afterAll(async () => {
  await fs.rm(workDir, { recursive: true, force: true });
});

async function extractedText(pdf: Buffer, name: string): Promise<string> {
  const file = path.join(workDir, `${name}.pdf`);
  await fs.writeFile(file, pdf);
  const { stdout } = await run('pdftotext', ['-enc', 'UTF-8', file, '-']);
  return stdout.trim();
}

// Roboto draws U+2206 INCREMENT and U+0394 GREEK CAPITAL DELTA with one glyph. fontkit keeps a
// glyph with the code points of its first use, and pdfkit writes those into the ToUnicode map.
const INCREMENT = '\u2206';
const DELTA = '\u0394';

describe('decoded font tables shared between documents', () => {
  it('leave each document its own glyphs, so no document decides how another is extracted', async () => {
    const first = await renderPdfDefinition({ content: [`Rate ${INCREMENT} 5`] });
    const second = await renderPdfDefinition({ content: [`Rate ${DELTA} 5`] });
    const firstAgain = await renderPdfDefinition({ content: [`Rate ${INCREMENT} 5`] });
    expect(await extractedText(first, 'first')).toBe(`Rate ${INCREMENT} 5`);
    expect(await extractedText(second, 'second')).toBe(`Rate ${DELTA} 5`);
    expect(await extractedText(firstAgain, 'first-again')).toBe(`Rate ${INCREMENT} 5`);
  });

  it('render the same bytes as a process that never rendered before', async () => {
    const definition = () => ({ content: ['Invoice INV-0001', { text: 'Total 1,250.00', bold: true }], info: { creationDate: new Date(Date.UTC(2026, 0, 1)) } });
    const before = await renderPdfDefinition(definition());
    await renderPdfDefinition({ content: ['Something else entirely, in bold and italics', { text: 'ÄÖÜ ß', italics: true }] });
    const after = await renderPdfDefinition(definition());
    expect(after.equals(before)).toBe(true);
  });
});
