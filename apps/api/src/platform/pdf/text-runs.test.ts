import bidiFactory from 'bidi-js';
import { describe, expect, it } from 'vitest';
import { visualOrder } from './bidi-lines';
import { hanFamilyOf, scriptRuns, type TextRun } from './text-runs';

const bidi = bidiFactory();

/**
 * What the page shows left to right when the runs of one line fit on one line: bidi-lines.ts
 * orders them by level (trailing spaces at the paragraph's level), and fontkit reverses each
 * word whose first script is Arabic or Hebrew.
 */
function drawnLeftToRight(runs: readonly TextRun[]): string {
  const paragraphLevel = runs.find((run) => run.bidi)?.bidi?.paragraphLevel ?? 0;
  const levels = runs.map((run) => run.bidi?.level ?? paragraphLevel);
  for (let index = runs.length - 1; index >= 0 && /^\s*$/u.test(runs[index]?.text ?? ''); index -= 1) levels[index] = paragraphLevel;
  const shown = (run: TextRun) => (/^[\p{sc=Common}\p{sc=Inherited}]*[\p{sc=Arabic}\p{sc=Hebrew}]/u.test(run.text) ? [...run.text].reverse().join('') : run.text);
  return visualOrder(levels)
    .map((index) => runs[index])
    .map((run) => (run ? shown(run) : ''))
    .join('');
}

function linesOf(runs: readonly TextRun[]): TextRun[][] {
  const lines: TextRun[][] = [[]];
  for (const run of runs) {
    if (run.text === '\n') lines.push([]);
    else lines.at(-1)?.push(run);
  }
  return lines;
}

function fontsOf(runs: readonly TextRun[] | null): string[] {
  return (runs ?? []).filter((run) => run.text.trim() !== '').map((run) => run.font);
}

describe('visualOrder', () => {
  it('reverses every sequence from the highest level down to the lowest odd one (UAX #9, L2)', () => {
    expect(visualOrder([0, 0, 0])).toEqual([0, 1, 2]);
    expect(visualOrder([1, 1, 1])).toEqual([2, 1, 0]);
    // car means CAR. -> levels 0 0 0 0 1 1 1 0 (words as pieces)
    expect(visualOrder([0, 1, 1, 0])).toEqual([0, 2, 1, 3]);
    // Right-to-left paragraph with a number and a Latin word inside: 1 2 1 2 2 1
    expect(visualOrder([1, 2, 1, 2, 2, 1])).toEqual([5, 3, 4, 2, 1, 0]);
    // Even levels only (Arabic-Indic digits in a left-to-right line): nothing moves.
    expect(visualOrder([0, 0, 2, 2])).toEqual([0, 1, 2, 3]);
  });
});

describe('scriptRuns', () => {
  it('leaves text in the default font alone: Latin, Greek, Cyrillic, precomposed accents, amounts', () => {
    for (const text of ['Piekarnia Łódź Sp. z o.o.', 'Αθηναϊκή Εταιρεία Α.Ε.', 'ООО «Ромашка»', 'Nguyễn Văn Ánh', '1.234,56 €', 'Line one\nLine two', '']) {
      expect(scriptRuns(text)).toBeNull();
    }
  });

  it('hands a right-to-left line over in logical order, word by word, with the levels that order the laid-out line', () => {
    const rtl = { level: 1, paragraphLevel: 1 };
    expect(scriptRuns('شركة الخليج للتجارة')).toEqual([
      { text: 'شركة', font: 'NotoNaskhArabic', unbreakable: true, bidi: rtl },
      { text: ' ', font: 'NotoNaskhArabic', unbreakable: false, bidi: rtl },
      { text: 'الخليج', font: 'NotoNaskhArabic', unbreakable: true, bidi: rtl },
      { text: ' ', font: 'NotoNaskhArabic', unbreakable: false, bidi: rtl },
      { text: 'للتجارة', font: 'NotoNaskhArabic', unbreakable: true, bidi: rtl },
    ]);
    expect(fontsOf(scriptRuns('חברת הגליל בע״מ'))).toEqual(['NotoSansHebrew', 'NotoSansHebrew', 'NotoSansHebrew']);
  });

  it.each([
    'Invoice for شركة الخليج Ltd',
    'שלום (עולם) 2024',
    'فاتورة رقم 42 لشركة ACME',
    'Total: ١٢٣ دينار',
    'Total ١٢٣',
    'חברת הגליל בע״מ\nשירותי ייעוץ',
    'Customer: משה כהן, Tel Aviv',
  ])('draws %j in the order of the Unicode Bidirectional Algorithm, brackets mirrored', (text) => {
    const runs = scriptRuns(text);
    expect(runs).not.toBeNull();
    const drawnLines = linesOf(runs ?? []).map(drawnLeftToRight);
    const expectedLines = text.split('\n').map((line) => bidi.getReorderedString(line, bidi.getEmbeddingLevels(line)));
    expect(drawnLines).toEqual(expectedLines);
  });

  it('keeps a letter and its combining marks in one font that positions marks', () => {
    expect(scriptRuns('Cafe\u0301 Zoe\u0308')).toEqual([
      { text: 'Caf', font: 'Roboto', unbreakable: false, bidi: null },
      { text: 'e\u0301 ', font: 'NotoSans', unbreakable: false, bidi: null },
      { text: 'Zo', font: 'Roboto', unbreakable: false, bidi: null },
      { text: 'e\u0308', font: 'NotoSans', unbreakable: false, bidi: null },
    ]);
    expect(scriptRuns('Nguye\u0302\u0303n')?.map((run) => run.text)).toEqual(['Nguy', 'e\u0302\u0303', 'n']);
  });

  it('draws Han the Japanese way next to kana, the Korean way next to Hangul, else the Chinese way', () => {
    expect(fontsOf(scriptRuns('北京朝阳科技有限公司'))).toEqual(['NotoSansSC']);
    expect(fontsOf(scriptRuns('株式会社やまだ商店'))).toEqual(['NotoSansJP']);
    expect(scriptRuns('주식회사 韓國')).toEqual([{ text: '주식회사 韓國', font: 'NotoSansKR', unbreakable: false, bidi: null }]);
    // A name in kanji alone is drawn the way of the document it is in.
    expect(fontsOf(scriptRuns('山田太郎'))).toEqual(['NotoSansSC']);
    expect(fontsOf(scriptRuns('山田太郎', () => hanFamilyOf('株式会社やまだ商店')))).toEqual(['NotoSansJP']);
    // A simplified character the Japanese face lacks falls back to the Chinese one.
    expect(scriptRuns('やまだ张')).toEqual([
      { text: 'やまだ', font: 'NotoSansJP', unbreakable: false, bidi: null },
      { text: '张', font: 'NotoSansSC', unbreakable: false, bidi: null },
    ]);
  });

  it('lets punctuation, digits and spaces follow the text around them', () => {
    expect(scriptRuns('「株式会社」2026年')).toEqual([{ text: '「株式会社」2026年', font: 'NotoSansSC', unbreakable: false, bidi: null }]);
    expect(scriptRuns('Order 7 東京')).toEqual([
      { text: 'Order 7 ', font: 'Roboto', unbreakable: false, bidi: null },
      { text: '東京', font: 'NotoSansSC', unbreakable: false, bidi: null },
    ]);
  });

  it('drops bidi controls no font draws, and keeps a character no font has in the default font', () => {
    expect(drawnLeftToRight(scriptRuns('\u202Bشركة\u202C') ?? [])).toBe('ةكرش');
    expect(scriptRuns('Thanks 😀')).toEqual([{ text: 'Thanks 😀', font: 'Roboto', unbreakable: false, bidi: null }]);
  });
});
