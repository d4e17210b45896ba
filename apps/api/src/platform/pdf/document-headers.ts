import type { Content } from 'pdfmake/interfaces';
import { fieldsTable, logoBlock, wrapLongWords } from './document-blocks';
import type { PdfDocumentModel } from './document-model';
import { labelOr, type PdfLayout } from './templates';

/** The top of the first page: who issues the document, what it is, and its dated fields. */

/** The document's title as printed: the template's label, else the kind's own ('Invoice'). */
export function documentTitle(model: PdfDocumentModel): string {
  return labelOr(model.layout, 'title', model.title);
}

function businessLines(model: PdfDocumentModel, layout: PdfLayout): string[] {
  return layout.show_business_address ? model.business.lines : [];
}

function classicHeader(model: PdfDocumentModel, layout: PdfLayout): Content {
  const fields = fieldsTable(model, layout, 'right');
  const logoRight = layout.logo_position === 'right';
  return {
    columns: [
      {
        width: '*',
        stack: [
          ...(logoRight ? [] : logoBlock(model)),
          { ...wrapLongWords(model.business.name), style: 'businessName' },
          ...businessLines(model, layout).map((line) => ({ ...wrapLongWords(line), color: layout.muted_color })),
        ],
      },
      {
        width: 'auto',
        stack: [
          ...(logoRight ? logoBlock(model, 'right') : []),
          { text: documentTitle(model).toUpperCase(), style: 'title', color: layout.accent_color, alignment: 'right' },
          { text: model.number, bold: true, fontSize: 11, alignment: 'right', margin: [0, 0, 0, 8] },
          ...(fields ? [{ columns: [{ width: '*', text: '' }, { width: 'auto', ...fields }] }] : []),
        ],
      },
    ],
    columnGap: 24,
    margin: [0, 0, 0, 24],
  };
}

function bannerHeader(model: PdfDocumentModel, layout: PdfLayout): Content[] {
  const onAccent = { color: layout.text_on_accent_color };
  const fields = fieldsTable(model, layout, 'left');
  const fieldsColumn = fields ? [{ width: 'auto' as const, ...fields }] : [];
  const logoColumn = { width: '*' as const, stack: logoBlock(model, layout.logo_position === 'right' ? 'right' : 'left') };
  return [
    {
      table: {
        widths: ['*', 'auto'],
        body: [
          [
            {
              stack: [
                { text: documentTitle(model), style: 'title', ...onAccent },
                { text: model.number, fontSize: 12, bold: true, ...onAccent },
              ],
              margin: [12, 12, 0, 12],
            },
            {
              stack: [
                { ...wrapLongWords(model.business.name), style: 'businessName', ...onAccent },
                ...businessLines(model, layout).map((line) => ({ ...wrapLongWords(line), ...onAccent })),
              ],
              alignment: 'right',
              margin: [0, 12, 12, 12],
            },
          ],
        ],
      },
      layout: { hLineWidth: () => 0, vLineWidth: () => 0, fillColor: () => layout.accent_color },
      margin: [0, 0, 0, 16],
    },
    {
      columns: layout.logo_position === 'right' ? [...fieldsColumn, logoColumn] : [logoColumn, ...fieldsColumn],
      columnGap: 24,
      margin: [0, 0, 0, 16],
    },
  ];
}

export function documentHeader(model: PdfDocumentModel, layout: PdfLayout): Content[] {
  return layout.header === 'banner' ? bannerHeader(model, layout) : [classicHeader(model, layout)];
}
