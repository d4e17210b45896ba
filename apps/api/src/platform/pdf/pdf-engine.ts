import pdfmake from 'pdfmake';
import type { TDocumentDefinitions } from 'pdfmake/interfaces';
import { installBidiLineOrder } from './bidi-lines';
import { definitionWithScriptRuns } from './definition-text';
import { pdfFontDictionary } from './pdf-fonts';

/**
 * The one place that talks to pdfmake. pdfmake is a process-wide singleton, so fonts and access
 * policies are set once, here, when this module loads. The fonts live in pdfmake's in-memory file
 * system (pdf-fonts.ts).
 */
export { PDF_FONT } from './pdf-fonts';

pdfmake.setFonts(pdfFontDictionary());
installBidiLineOrder();
// Documents are built from tenant data; nothing in them may make the server fetch a URL or read a
// file. Images reach pdfmake only as data URLs built from bytes we already hold, fonts from memory.
pdfmake.setUrlAccessPolicy(() => false);
pdfmake.setLocalAccessPolicy(() => false);

/**
 * Renders a pdfmake document definition to PDF bytes, every text set in fonts that have its
 * glyphs and every line in visual order. pdfmake mutates the definition it is given.
 */
export function renderPdfDefinition(definition: TDocumentDefinitions): Promise<Buffer> {
  return pdfmake.createPdf(definitionWithScriptRuns(definition)).getBuffer();
}
