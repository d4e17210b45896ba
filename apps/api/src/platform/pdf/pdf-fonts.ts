import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import * as fontkit from 'fontkit';
import pdfmake from 'pdfmake';
import type { TFontDictionary } from 'pdfmake/interfaces';
import { shareDecodedFontTables } from './shared-font-tables';

/**
 * The fonts PDFs are set in. All come from npm packages and are resolved through the installed
 * packages (not relative to this file), so the same code works from the esbuild bundle
 * (apps/api/dist/main.js, packages external) and under vitest; nothing is fetched at run time.
 *
 * Roboto (pdfmake's own) sets Latin, Greek and Cyrillic, as before. The Noto families cover what
 * Roboto cannot: Noto Sans for letters with combining marks (it positions any mark over any base
 * and never composes them, so each glyph maps back to its own code point) and letters Roboto
 * lacks; Naskh Arabic and Sans Hebrew for right-to-left text; Sans SC, JP and KR for Han, kana
 * and Hangul.
 *
 * A family's files are read into memory the first time a text needs it and kept for the life of
 * the process (a Latin-only deployment never reads the 35 MB of CJK faces). They reach pdfmake
 * through its in-memory file system, so pdfmake never reads a local file itself.
 */
export type PdfFontFamily = 'Roboto' | 'NotoSans' | 'NotoNaskhArabic' | 'NotoSansHebrew' | 'NotoSansSC' | 'NotoSansJP' | 'NotoSansKR';

/** The family of every text that needs no other: template labels, amounts, Latin names. */
export const PDF_FONT: PdfFontFamily = 'Roboto';

type FamilyFiles = { normal: string; bold: string; italics: string; bolditalics: string };

const resolvePackage = createRequire(import.meta.url).resolve;

/** The root folder of an installed package, found through its main entry (the packages export nothing else). */
function packageRoot(name: string, entryDepth: number): string {
  let folder = path.dirname(resolvePackage(name));
  for (let level = 0; level < entryDepth; level += 1) folder = path.dirname(folder);
  return folder;
}

function noto(packageName: string, regular: string, bold: string): FamilyFiles {
  // @embedpdf/fonts-* packages: main entry dist/index.cjs, font files in fonts/.
  const folder = path.join(packageRoot(packageName, 1), 'fonts');
  return { normal: path.join(folder, regular), bold: path.join(folder, bold), italics: path.join(folder, regular), bolditalics: path.join(folder, bold) };
}

function roboto(): FamilyFiles {
  const folder = path.join(path.dirname(resolvePackage('pdfmake/package.json')), 'fonts', 'Roboto');
  return {
    normal: path.join(folder, 'Roboto-Regular.ttf'),
    bold: path.join(folder, 'Roboto-Medium.ttf'),
    italics: path.join(folder, 'Roboto-Italic.ttf'),
    bolditalics: path.join(folder, 'Roboto-MediumItalic.ttf'),
  };
}

const familyFiles: Record<PdfFontFamily, FamilyFiles> = {
  Roboto: roboto(),
  NotoSans: noto('@embedpdf/fonts-latin', 'NotoSans-Regular.ttf', 'NotoSans-Bold.ttf'),
  NotoNaskhArabic: noto('@embedpdf/fonts-arabic', 'NotoNaskhArabic-Regular.ttf', 'NotoNaskhArabic-Bold.ttf'),
  NotoSansHebrew: noto('@embedpdf/fonts-hebrew', 'NotoSansHebrew-Regular.ttf', 'NotoSansHebrew-Bold.ttf'),
  NotoSansSC: noto('@embedpdf/fonts-sc', 'NotoSansHans-Regular.otf', 'NotoSansHans-Bold.otf'),
  NotoSansJP: noto('@embedpdf/fonts-jp', 'NotoSansJP-Regular.otf', 'NotoSansJP-Bold.otf'),
  NotoSansKR: noto('@embedpdf/fonts-kr', 'NotoSansKR-Regular.otf', 'NotoSansKR-Bold.otf'),
};

const families = Object.keys(familyFiles).filter((name): name is PdfFontFamily => name in familyFiles);

export function isPdfFontFamily(name: unknown): name is PdfFontFamily {
  return typeof name === 'string' && name in familyFiles;
}

// A missing font package fails the start, not the first document that needs it.
for (const family of families) {
  for (const file of Object.values(familyFiles[family])) {
    if (!fs.existsSync(file)) throw new Error(`PDF font file missing: ${file} (is its npm package installed?)`);
  }
}

type VirtualFileSystem = { writeFileSync(name: string, content: Buffer): void };

function isVirtualFileSystem(value: unknown): value is VirtualFileSystem {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof Reflect.get(value, 'writeFileSync') === 'function'
  );
}

// pdfmake 0.3 on Node reads a font from its in-memory file system when the name is there
// (PDFDocument.provideFont); its typings only declare that file system for the browser build.
const pdfmakeFiles: unknown = Reflect.get(pdfmake, 'virtualfs');
if (!isVirtualFileSystem(pdfmakeFiles)) throw new Error('pdfmake has no in-memory file system to hold the PDF fonts');
const virtualFiles: VirtualFileSystem = pdfmakeFiles;

/** The name a font file has in pdfmake's in-memory file system. */
function virtualName(file: string): string {
  return `ledgerline-fonts/${path.basename(file)}`;
}

const fontDictionary: TFontDictionary = Object.fromEntries(
  families.map((family) => {
    const files = familyFiles[family];
    return [family, { normal: virtualName(files.normal), bold: virtualName(files.bold), italics: virtualName(files.italics), bolditalics: virtualName(files.bolditalics) }];
  }),
);

/** Every family by name; pdfmake opens only those a document's text uses. */
export function pdfFontDictionary(): TFontDictionary {
  return fontDictionary;
}

const coverage = new Map<PdfFontFamily, fontkit.Font>();

/**
 * Reads the family's files into pdfmake's file system once per process; returns its regular
 * face, parsed once, for coverage questions. A document's default family must be loaded before
 * pdfmake lays it out, whatever its texts.
 */
export function loadFamily(family: PdfFontFamily): fontkit.Font {
  const known = coverage.get(family);
  if (known) return known;
  const files = familyFiles[family];
  const bytes = new Map([...new Set(Object.values(files))].map((file) => [file, fs.readFileSync(file)]));
  for (const [file, content] of bytes) virtualFiles.writeFileSync(virtualName(file), content);
  const regularBytes = bytes.get(files.normal);
  if (!regularBytes) throw new Error(`${files.normal} was not read`);
  const regular = fontkit.create(regularBytes);
  if (!('hasGlyphForCodePoint' in regular)) throw new Error(`${files.normal} is a font collection, not a font`);
  coverage.set(family, regular);
  return regular;
}

const answers = new Map<PdfFontFamily, Map<number, boolean>>();

/** Whether the family draws every code point of the text (loading the family on first use). */
export function familyCovers(family: PdfFontFamily, codePoints: readonly number[]): boolean {
  const font = loadFamily(family);
  let known = answers.get(family);
  if (!known) {
    known = new Map();
    answers.set(family, known);
  }
  const cache = known;
  return codePoints.every((codePoint) => {
    const answer = cache.get(codePoint);
    if (answer !== undefined) return answer;
    const drawn = font.hasGlyphForCodePoint(codePoint);
    cache.set(codePoint, drawn);
    return drawn;
  });
}

// The default family is needed by every document.
loadFamily(PDF_FONT);
shareDecodedFontTables(fs.readFileSync(familyFiles[PDF_FONT].normal));
