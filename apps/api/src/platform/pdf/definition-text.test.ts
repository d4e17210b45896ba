import type { Content, DynamicContent, TDocumentDefinitions } from 'pdfmake/interfaces';
import { describe, expect, it } from 'vitest';
import { definitionWithScriptRuns } from './definition-text';

/** The keys bidi-lines.ts orders a laid-out line by, for a piece of a right-to-left paragraph. */
const rtl = { ledgerlineBidiLevel: 1, ledgerlineBidiParagraphLevel: 1 };

const pageSize = { width: 595, height: 842, orientation: 'portrait' as const };

function footerOf(definition: TDocumentDefinitions): Content | null | undefined {
  const footer: DynamicContent | Content | undefined = definition.footer;
  return typeof footer === 'function' ? footer(1, 1, pageSize) : footer;
}

describe('definitionWithScriptRuns', () => {
  it('splits the texts of every kind of node and leaves text in the default font as it was', () => {
    const definition: TDocumentDefinitions = {
      content: [
        'Invoice',
        'مؤسسة النور',
        { text: 'שלום', bold: true },
        { text: ['Bill to ', { text: '张伟', color: '#111111' }] },
        { stack: ['Ship to', { text: '김민준' }] },
        { columns: [{ width: '*', text: 'Αθήνα' }, { width: 'auto', text: '東京' }] },
        { table: { body: [['Item', { text: 'コンサルティング', alignment: 'right' }]] } },
        { ul: ['Москва', 'مؤسسة'] },
        { image: 'logo', fit: [10, 10] },
      ],
      footer: () => ({ text: 'חברת הגליל' }),
    };
    expect(definitionWithScriptRuns(definition).content).toEqual([
      'Invoice',
      {
        text: [
          { text: 'مؤسسة', font: 'NotoNaskhArabic', noWrap: true, ...rtl },
          { text: ' ', font: 'NotoNaskhArabic', ...rtl },
          { text: 'النور', font: 'NotoNaskhArabic', noWrap: true, ...rtl },
        ],
      },
      { text: [{ text: 'שלום', font: 'NotoSansHebrew', noWrap: true, ...rtl }], bold: true },
      { text: ['Bill to ', { text: '张伟', color: '#111111', font: 'NotoSansSC' }] },
      { stack: ['Ship to', { text: [{ text: '김민준', font: 'NotoSansKR' }] }] },
      { columns: [{ width: '*', text: 'Αθήνα' }, { width: 'auto', text: [{ text: '東京', font: 'NotoSansJP' }] }] },
      { table: { body: [['Item', { text: [{ text: 'コンサルティング', font: 'NotoSansJP' }], alignment: 'right' }]] } },
      { ul: ['Москва', { text: [{ text: 'مؤسسة', font: 'NotoNaskhArabic', noWrap: true, ...rtl }] }] },
      { image: 'logo', fit: [10, 10] },
    ]);
    expect(footerOf(definitionWithScriptRuns(definition))).toEqual({
      text: [
        { text: 'חברת', font: 'NotoSansHebrew', noWrap: true, ...rtl },
        { text: ' ', font: 'NotoSansHebrew', ...rtl },
        { text: 'הגליל', font: 'NotoSansHebrew', noWrap: true, ...rtl },
      ],
    });
  });

  it('draws Han the Japanese way anywhere in a document that has kana, the Korean way in one with Hangul', () => {
    const fontOf = (definition: TDocumentDefinitions) => JSON.stringify(definitionWithScriptRuns(definition).content);
    expect(fontOf({ content: ['山田太郎', 'やまだ'] })).toContain('{"text":"山田太郎","font":"NotoSansJP"}');
    expect(fontOf({ content: ['金民俊', '김민준'] })).toContain('{"text":"金民俊","font":"NotoSansKR"}');
    expect(fontOf({ content: ['张伟'] })).toContain('{"text":"张伟","font":"NotoSansSC"}');
  });
});
