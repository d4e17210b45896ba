import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';
import { amountBlock, itemsTable, LOGO_IMAGE, notesBlock, partiesRow, totalsBlock } from './document-blocks';
import { documentHeader } from './document-headers';
import type { PdfDocumentModel } from './document-model';
import { PDF_FONT, renderPdfDefinition } from './pdf-engine';
import { resolvePdfTheme, type PdfTheme } from './templates';

function pageFooter(model: PdfDocumentModel, theme: PdfTheme): (currentPage: number, pageCount: number) => Content {
  return (currentPage, pageCount) => ({
    columns: [
      { width: '*', text: model.footer ?? '' },
      { width: 'auto', text: `${model.title} ${model.number} · ${currentPage}/${pageCount}`, alignment: 'right' },
    ],
    columnGap: 16,
    fontSize: 8,
    color: theme.muted,
    margin: [40, 12, 40, 0],
  });
}

/** Maps the model onto a pdfmake definition with the chosen template's theme. */
export function buildDocumentDefinition(model: PdfDocumentModel): TDocumentDefinitions {
  const theme = resolvePdfTheme(model.kind, model.template);
  const logo = model.business.logo;
  return {
    info: { title: `${model.title} ${model.number}`, subject: model.title, author: model.business.name, creator: 'Ledgerline', producer: 'Ledgerline' },
    pageSize: 'A4',
    pageMargins: [40, 40, 40, 56],
    images: logo ? { [LOGO_IMAGE]: `data:${logo.mime};base64,${logo.bytes.toString('base64')}` } : {},
    defaultStyle: { font: PDF_FONT, fontSize: 9.5, lineHeight: 1.15 },
    styles: {
      title: { fontSize: 22, bold: true },
      businessName: { fontSize: 12, bold: true, margin: [0, 0, 0, 2] },
      caption: { fontSize: 8, bold: true },
      tableHeader: { fontSize: 8.5, bold: true },
    },
    footer: pageFooter(model, theme),
    content: [
      ...documentHeader(model, theme),
      ...partiesRow(model, theme),
      ...itemsTable(model, theme),
      theme.summary === 'amount' ? amountBlock(model, theme) : totalsBlock(model, theme),
      ...notesBlock(model, theme),
    ],
  };
}

export function renderDocumentPdf(model: PdfDocumentModel): Promise<Buffer> {
  return renderPdfDefinition(buildDocumentDefinition(model));
}
