import bidiFactory from 'bidi-js';
import { describe, expect, it } from 'vitest';
import { hanFamilyOf, scriptRuns, type TextRun } from './text-runs';

const bidi = bidiFactory();

/** What the page shows left to right: fontkit reverses each right-to-left word it is handed. */
function drawnLeftToRight(runs: readonly TextRun[]): string {
  return runs.map((run) => (run.unbreakable ? [...run.text].reverse().join('') : run.text)).join('');
}

function fontsOf(runs: readonly TextRun[] | null): string[] {
  return (runs ?? []).filter((run) => run.text.trim() !== '').map((run) => run.font);
}

describe('scriptRuns', () => {
  it('leaves text in the default font alone: Latin, Greek, Cyrillic, precomposed accents, amounts', () => {
    for (const text of ['Piekarnia Łódź Sp. z o.o.', 'Αθηναϊκή Εταιρεία Α.Ε.', 'ООО «Ромашка»', 'Nguyễn Văn Ánh', '1.234,56 €', 'Line one\nLine two', '']) {
      expect(scriptRuns(text)).toBeNull();
    }
  });

  it('sets a right-to-left line in visual order, each word handed over in logical order for shaping', () => {
    expect(scriptRuns('شركة الخليج للتجارة')).toEqual([
      { text: 'للتجارة', font: 'NotoNaskhArabic', unbreakable: true },
      { text: ' ', font: 'NotoNaskhArabic', unbreakable: false },
      { text: 'الخليج', font: 'NotoNaskhArabic', unbreakable: true },
      { text: ' ', font: 'NotoNaskhArabic', unbreakable: false },
      { text: 'شركة', font: 'NotoNaskhArabic', unbreakable: true },
    ]);
    expect(fontsOf(scriptRuns('חברת הגליל בע״מ'))).toEqual(['NotoSansHebrew', 'NotoSansHebrew', 'NotoSansHebrew']);
  });

  it.each([
    'Invoice for شركة الخليج Ltd',
    'שלום (עולם) 2024',
    'فاتورة رقم 42 لشركة ACME',
    'Total: ١٢٣ دينار',
    'חברת הגליל בע״מ\nשירותי ייעוץ',
    'Customer: משה כהן, Tel Aviv',
  ])('draws %j in the order of the Unicode Bidirectional Algorithm, brackets mirrored', (text) => {
    const runs = scriptRuns(text);
    expect(runs).not.toBeNull();
    const drawnLines = drawnLeftToRight(runs ?? []).split('\n');
    const expectedLines = text.split('\n').map((line) => bidi.getReorderedString(line, bidi.getEmbeddingLevels(line)));
    expect(drawnLines).toEqual(expectedLines);
  });

  it('keeps a letter and its combining marks in one font that positions marks', () => {
    expect(scriptRuns('Cafe\u0301 Zoe\u0308')).toEqual([
      { text: 'Caf', font: 'Roboto', unbreakable: false },
      { text: 'e\u0301 ', font: 'NotoSans', unbreakable: false },
      { text: 'Zo', font: 'Roboto', unbreakable: false },
      { text: 'e\u0308', font: 'NotoSans', unbreakable: false },
    ]);
    expect(scriptRuns('Nguye\u0302\u0303n')?.map((run) => run.text)).toEqual(['Nguy', 'e\u0302\u0303', 'n']);
  });

  it('draws Han the Japanese way next to kana, the Korean way next to Hangul, else the Chinese way', () => {
    expect(fontsOf(scriptRuns('北京朝阳科技有限公司'))).toEqual(['NotoSansSC']);
    expect(fontsOf(scriptRuns('株式会社やまだ商店'))).toEqual(['NotoSansJP']);
    expect(scriptRuns('주식회사 韓國')).toEqual([{ text: '주식회사 韓國', font: 'NotoSansKR', unbreakable: false }]);
    // A name in kanji alone is drawn the way of the document it is in.
    expect(fontsOf(scriptRuns('山田太郎'))).toEqual(['NotoSansSC']);
    expect(fontsOf(scriptRuns('山田太郎', hanFamilyOf('株式会社やまだ商店')))).toEqual(['NotoSansJP']);
    // A simplified character the Japanese face lacks falls back to the Chinese one.
    expect(scriptRuns('やまだ张')).toEqual([
      { text: 'やまだ', font: 'NotoSansJP', unbreakable: false },
      { text: '张', font: 'NotoSansSC', unbreakable: false },
    ]);
  });

  it('lets punctuation, digits and spaces follow the text around them', () => {
    expect(scriptRuns('「株式会社」2026年')).toEqual([{ text: '「株式会社」2026年', font: 'NotoSansSC', unbreakable: false }]);
    expect(scriptRuns('Order 7 東京')).toEqual([
      { text: 'Order 7 ', font: 'Roboto', unbreakable: false },
      { text: '東京', font: 'NotoSansSC', unbreakable: false },
    ]);
  });

  it('drops bidi controls no font draws, and keeps a character no font has in the default font', () => {
    expect(drawnLeftToRight(scriptRuns('\u202Bشركة\u202C') ?? [])).toBe('ةكرش');
    expect(scriptRuns('Thanks 😀')).toEqual([{ text: 'Thanks 😀', font: 'Roboto', unbreakable: false }]);
  });
});
