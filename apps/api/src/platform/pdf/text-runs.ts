import bidiFactory from 'bidi-js';
import { familyCovers, PDF_FONT, type PdfFontFamily } from './pdf-fonts';

/**
 * Splits a text into runs that pdfmake can set: each run in one font that has its glyphs, with
 * the bidi levels that put a laid-out line in visual order (bidi-lines.ts).
 *
 * pdfmake sets each run with one font and lays it out left to right; under it fontkit shapes a
 * run (Arabic joining forms, mark positioning) and, for a run in a right-to-left script, reverses
 * its glyphs itself. So: a grapheme cluster never splits across fonts; levels come from the
 * Unicode Bidirectional Algorithm (bidi-js), each line of the text (split at its line breaks)
 * being one paragraph; runs stay in logical order, since pdfmake breaks lines on them, and
 * bidi-lines.ts reorders each line once it is laid out; brackets in right-to-left text are
 * mirrored.
 */

export type TextRun = {
  text: string;
  font: PdfFontFamily;
  /** A word pdfmake must not cut: its characters are handed over reversed, or fontkit reverses it as a whole. */
  unbreakable: boolean;
  /** Bidi embedding levels (odd: right to left) for ordering the laid-out line; null on a line without right-to-left text. */
  bidi: { level: number; paragraphLevel: number } | null;
};

const bidi = bidiFactory();
const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** The scripts fontkit lays out right to left (its own list), by Unicode Script as fontkit reads it. */
const RIGHT_TO_LEFT_SCRIPT =
  /[\p{sc=Arabic}\p{sc=Hebrew}\p{sc=Syriac}\p{sc=Thaana}\p{sc=Cypriot}\p{sc=Kharoshthi}\p{sc=Phoenician}\p{sc=Nko}\p{sc=Lydian}\p{sc=Avestan}\p{sc=Imperial_Aramaic}\p{sc=Inscriptional_Pahlavi}\p{sc=Inscriptional_Parthian}\p{sc=Old_South_Arabian}\p{sc=Old_Turkic}\p{sc=Samaritan}\p{sc=Mandaic}\p{sc=Meroitic_Cursive}\p{sc=Meroitic_Hieroglyphs}\p{sc=Manichaean}\p{sc=Mende_Kikakui}\p{sc=Nabataean}\p{sc=Old_North_Arabian}\p{sc=Palmyrene}\p{sc=Psalter_Pahlavi}]/u;
const FIRST_SCRIPT_IS_RIGHT_TO_LEFT = new RegExp(`^[\\p{sc=Common}\\p{sc=Inherited}\\p{sc=Unknown}]*${RIGHT_TO_LEFT_SCRIPT.source}`, 'u');

/** Characters that make the slow path necessary: marks, right-to-left letters and bidi controls. */
const NEEDS_RUNS = new RegExp(`[\\p{M}\\u061C\\u200E\\u200F\\u202A-\\u202E\\u2066-\\u2069]|${RIGHT_TO_LEFT_SCRIPT.source}`, 'u');
const NEUTRAL = /^[\p{sc=Common}\p{sc=Inherited}]+$/u;
const MARK = /\p{M}/u;
const WHITESPACE = /^\s+$/u;
const IGNORABLE = /\p{Default_Ignorable_Code_Point}/u;
const EAST_ASIAN = /[\p{scx=Han}\p{scx=Hiragana}\p{scx=Katakana}\p{scx=Hangul}\p{scx=Bopomofo}\u3000-\u303F\uFF00-\uFFEF]/u;

const WESTERN_FALLBACK: readonly PdfFontFamily[] = ['Roboto', 'NotoSans', 'NotoNaskhArabic', 'NotoSansHebrew'];
const EAST_ASIAN_FAMILIES: readonly PdfFontFamily[] = ['NotoSansSC', 'NotoSansJP', 'NotoSansKR'];

/**
 * The face Han characters are drawn in: the Japanese one where there is kana, the Korean one
 * where there is Hangul, else the Chinese one (the same character has national glyph forms).
 * Asked of a line first, then of the whole document, so a name in kanji alone on a Japanese
 * invoice is still drawn the Japanese way.
 */
export function hanFamilyOf(text: string, otherwise: PdfFontFamily = 'NotoSansSC'): PdfFontFamily {
  if (/[\p{sc=Hiragana}\p{sc=Katakana}]/u.test(text)) return 'NotoSansJP';
  if (/\p{sc=Hangul}/u.test(text)) return 'NotoSansKR';
  return otherwise;
}

/** The family a cluster's script asks for; null for punctuation, digits and spaces, which follow their neighbours. */
function scriptFamily(cluster: string, hanFamily: PdfFontFamily, base: PdfFontFamily): PdfFontFamily | null {
  if (/\p{scx=Arabic}/u.test(cluster)) return 'NotoNaskhArabic';
  if (/\p{scx=Hebrew}/u.test(cluster)) return 'NotoSansHebrew';
  if (/[\p{scx=Han}\p{scx=Bopomofo}]/u.test(cluster)) return hanFamily;
  if (/[\p{scx=Hiragana}\p{scx=Katakana}]/u.test(cluster)) return 'NotoSansJP';
  if (/\p{scx=Hangul}/u.test(cluster)) return 'NotoSansKR';
  if (MARK.test(cluster)) return 'NotoSans';
  if (NEUTRAL.test(cluster)) return null;
  return base;
}

/** The code points a font must have to draw the cluster (invisible format characters aside). */
function drawnCodePoints(cluster: string): number[] {
  return [...cluster].filter((character) => !IGNORABLE.test(character)).map((character) => character.codePointAt(0) ?? 0);
}

function covers(family: PdfFontFamily, cluster: string): boolean {
  return familyCovers(family, drawnCodePoints(cluster));
}

/** The first family that draws the cluster, trying the wanted ones first; CJK faces only for East Asian text. */
function coveringFamily(cluster: string, wanted: readonly PdfFontFamily[], hanFamily: PdfFontFamily): PdfFontFamily {
  const eastAsian = EAST_ASIAN.test(cluster) ? [hanFamily, ...EAST_ASIAN_FAMILIES] : [];
  const candidates = [...wanted, ...WESTERN_FALLBACK, ...eastAsian];
  return candidates.find((family) => covers(family, cluster)) ?? wanted[0] ?? PDF_FONT;
}

type Cluster = { start: number; text: string; family: PdfFontFamily };

function clustersOf(line: string, mirrored: Map<number, string>, documentHanFamily: () => PdfFontFamily, base: PdfFontFamily): Cluster[] {
  const hanFamily = /[\p{scx=Han}\p{scx=Bopomofo}]/u.test(line) ? hanFamilyOf(line, documentHanFamily()) : 'NotoSansSC';
  const segments = [...graphemes.segment(line)].map(({ segment, index }) => ({
    start: index,
    text: mirrored.get(index) ?? segment,
    wanted: scriptFamily(segment, hanFamily, base),
  }));
  const strong = segments.map((segment) => (segment.wanted === null ? null : coveringFamily(segment.text, [segment.wanted], hanFamily)));
  // Punctuation, digits and spaces take the font of the text before them, else of the text after.
  const before: (PdfFontFamily | null)[] = [];
  strong.forEach((family, index) => before.push(index === 0 ? null : (strong[index - 1] ?? before[index - 1] ?? null)));
  const after: (PdfFontFamily | null)[] = new Array<PdfFontFamily | null>(strong.length).fill(null);
  for (let index = strong.length - 2; index >= 0; index -= 1) after[index] = strong[index + 1] ?? after[index + 1] ?? null;
  return segments.map((segment, index) => {
    const own = strong[index];
    if (own) return { start: segment.start, text: segment.text, family: own };
    const neighbours = [before[index], after[index]].filter((family): family is PdfFontFamily => family !== undefined && family !== null);
    return { start: segment.start, text: segment.text, family: coveringFamily(segment.text, neighbours, hanFamily) };
  });
}

/** Default-ignorable characters the font cannot draw (bidi controls, joiners) would print as boxes. */
function drawable(text: string, family: PdfFontFamily): string {
  return [...text].filter((character) => !IGNORABLE.test(character) || familyCovers(family, [character.codePointAt(0) ?? 0])).join('');
}

/** A line without right-to-left text or script: one run per font, in logical order. */
function leftToRightRuns(clusters: readonly Cluster[]): TextRun[] {
  const runs: TextRun[] = [];
  for (const cluster of clusters) {
    const previous = runs.at(-1);
    if (previous && previous.font === cluster.family) previous.text += cluster.text;
    else runs.push({ text: cluster.text, font: cluster.family, unbreakable: false, bidi: null });
  }
  return runs.map((run) => ({ ...run, text: drawable(run.text, run.font) }));
}

/**
 * A line with right-to-left text or script: words (one font and level, no space) and spaces, in logical
 * order, each with its level for bidi-lines.ts to order the laid-out line by. A word is handed
 * over so that it shows its characters in visual order: fontkit reverses a word in a
 * right-to-left script itself (and shapes it first, so such a word stays in logical order).
 */
function bidiRuns(clusters: readonly Cluster[], levels: Uint8Array, paragraphLevel: number): TextRun[] {
  const words: Cluster[][] = [];
  for (const cluster of clusters) {
    const word = words.at(-1);
    const last = word?.at(-1);
    const joins = last && last.family === cluster.family && levels[last.start] === levels[cluster.start] && WHITESPACE.test(last.text) === WHITESPACE.test(cluster.text);
    if (word && joins) word.push(cluster);
    else words.push([cluster]);
  }
  return words.flatMap((word) => {
    const first = word[0];
    if (!first) return [];
    const level = levels[first.start] ?? paragraphLevel;
    const logical = word.map((cluster) => cluster.text);
    const shown = level % 2 === 1 ? [...logical].reverse() : logical;
    const fontkitReverses = FIRST_SCRIPT_IS_RIGHT_TO_LEFT.test(logical.join(''));
    const text = drawable((fontkitReverses ? [...shown].reverse() : shown).join(''), first.family);
    const unbreakable = word.length > 1 && (fontkitReverses || level % 2 === 1);
    return text === '' ? [] : [{ text, font: first.family, unbreakable, bidi: { level, paragraphLevel } }];
  });
}

function runsOfLine(line: string, documentHanFamily: () => PdfFontFamily, base: PdfFontFamily): TextRun[] {
  const levels = bidi.getEmbeddingLevels(line);
  const clusters = clustersOf(line, bidi.getMirroredCharactersMap(line, levels.levels), documentHanFamily, base);
  const paragraphLevel = levels.paragraphs[0]?.level ?? 0;
  // Arabic-Indic digits in a left-to-right line run left to right, but fontkit reverses them.
  const bidiNeeded = levels.levels.some((level) => level % 2 === 1) || RIGHT_TO_LEFT_SCRIPT.test(line);
  return (bidiNeeded ? bidiRuns(clusters, levels.levels, paragraphLevel) : leftToRightRuns(clusters)).filter((run) => run.text !== '');
}

/**
 * The runs to set the text in; null when the text needs nothing but the default font in logical
 * order (the common case, decided without segmenting). `documentHanFamily`: hanFamilyOf() the
 * whole document, asked only of a text with Han in it.
 */
export function scriptRuns(text: string, documentHanFamily: () => PdfFontFamily = () => 'NotoSansSC', base: PdfFontFamily = PDF_FONT): TextRun[] | null {
  const simple = !NEEDS_RUNS.test(text) && familyCovers(base, [...text.replace(/[\r\n]/g, '')].map((character) => character.codePointAt(0) ?? 0));
  if (simple) return null;
  const lines = text.split(/\r\n|\r|\n/);
  return lines.flatMap((line, index) => {
    const runs = runsOfLine(line, documentHanFamily, base);
    if (index === lines.length - 1) return runs;
    return [...runs, { text: '\n', font: base, unbreakable: false, bidi: null }];
  });
}
