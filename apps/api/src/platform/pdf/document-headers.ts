import type { Content } from 'pdfmake/interfaces';
import { fieldsTable, logoBlock, wrapLongWords } from './document-blocks';
import type { PdfDocumentModel } from './document-model';
import type { PdfTheme } from './templates';

/** The top of the first page: who issues the document, what it is, and its dated fields. */

function classicHeader(model: PdfDocumentModel, theme: PdfTheme): Content {
  const fields = fieldsTable(model, theme, 'right');
  return {
    columns: [
      {
        width: '*',
        stack: [
          ...logoBlock(model),
          { ...wrapLongWords(model.business.name), style: 'businessName' },
          ...model.business.lines.map((line) => ({ ...wrapLongWords(line), color: theme.muted })),
        ],
      },
      {
        width: 'auto',
        stack: [
          { text: model.title.toUpperCase(), style: 'title', color: theme.accent, alignment: 'right' },
          { text: model.number, bold: true, fontSize: 11, alignment: 'right', margin: [0, 0, 0, 8] },
          ...(fields ? [{ columns: [{ width: '*', text: '' }, { width: 'auto', ...fields }] }] : []),
        ],
      },
    ],
    columnGap: 24,
    margin: [0, 0, 0, 24],
  };
}

function bannerHeader(model: PdfDocumentModel, theme: PdfTheme): Content[] {
  const onAccent = { color: theme.onAccent };
  const fields = fieldsTable(model, theme, 'left');
  return [
    {
      table: {
        widths: ['*', 'auto'],
        body: [
          [
            {
              stack: [
                { text: model.title, style: 'title', ...onAccent },
                { text: model.number, fontSize: 12, bold: true, ...onAccent },
              ],
              margin: [12, 12, 0, 12],
            },
            {
              stack: [{ ...wrapLongWords(model.business.name), style: 'businessName', ...onAccent }, ...model.business.lines.map((line) => ({ ...wrapLongWords(line), ...onAccent }))],
              alignment: 'right',
              margin: [0, 12, 12, 12],
            },
          ],
        ],
      },
      layout: { hLineWidth: () => 0, vLineWidth: () => 0, fillColor: () => theme.accent },
      margin: [0, 0, 0, 16],
    },
    {
      columns: [
        { width: '*', stack: logoBlock(model) },
        ...(fields ? [{ width: 'auto', ...fields }] : []),
      ],
      columnGap: 24,
      margin: [0, 0, 0, 16],
    },
  ];
}

export function documentHeader(model: PdfDocumentModel, theme: PdfTheme): Content[] {
  return theme.header === 'banner' ? bannerHeader(model, theme) : [classicHeader(model, theme)];
}
