import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';
import { amountBlock, itemsTable, LOGO_IMAGE, notesBlock, partiesRow, totalsBlock } from './document-blocks';
import { documentHeader, documentTitle } from './document-headers';
import type { PdfDocumentModel } from './document-model';
import { renderPdfDefinition } from './pdf-engine';

function pageFooter(model: PdfDocumentModel): (currentPage: number, pageCount: number) => Content {
  const { layout } = model;
  return (currentPage, pageCount) => ({
    columns: [
      { width: '*', text: layout.footer ?? '' },
      { width: 'auto', text: layout.show_page_numbers ? `${documentTitle(model)} ${model.number} · ${currentPage}/${pageCount}` : '', alignment: 'right' },
    ],
    columnGap: 16,
    fontSize: 8,
    color: layout.muted_color,
    margin: [40, 12, 40, 0],
  });
}

/** Maps the model onto a pdfmake definition laid out by its template. */
export function buildDocumentDefinition(model: PdfDocumentModel): TDocumentDefinitions {
  const { layout } = model;
  const logo = layout.logo_position === 'hidden' ? null : model.business.logo;
  // Headings keep the proportions they had at the original 9.5 pt body.
  const fontSize = Number(layout.font_size);
  const scale = fontSize / 9.5;
  const title = documentTitle(model);
  const shown = { ...model, business: { ...model.business, logo } };
  return {
    info: { title: `${title} ${model.number}`, subject: title, author: model.business.name, creator: 'Ledgerline', producer: 'Ledgerline' },
    pageSize: 'A4',
    pageMargins: [40, 40, 40, 56],
    images: logo ? { [LOGO_IMAGE]: `data:${logo.mime};base64,${logo.bytes.toString('base64')}` } : {},
    defaultStyle: { font: layout.font, fontSize, lineHeight: 1.15 },
    styles: {
      title: { fontSize: 22 * scale, bold: true },
      businessName: { fontSize: 12 * scale, bold: true, margin: [0, 0, 0, 2] },
      caption: { fontSize: 8 * scale, bold: true },
      tableHeader: { fontSize: 8.5 * scale, bold: true },
    },
    footer: pageFooter(model),
    content: [
      ...documentHeader(shown, layout),
      ...partiesRow(shown, layout),
      ...itemsTable(shown, layout),
      model.kind === 'payment' ? amountBlock(shown, layout) : totalsBlock(shown, layout),
      ...notesBlock(shown, layout),
    ],
  };
}

export function renderDocumentPdf(model: PdfDocumentModel): Promise<Buffer> {
  return renderPdfDefinition(buildDocumentDefinition(model));
}
