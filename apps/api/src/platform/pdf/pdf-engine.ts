import { createRequire } from 'node:module';
import path from 'node:path';
import pdfmake from 'pdfmake';
import type { TDocumentDefinitions, TFontDictionary } from 'pdfmake/interfaces';

/**
 * The one place that talks to pdfmake. pdfmake is a process-wide singleton, so fonts and access
 * policies are set once, here, when this module loads.
 *
 * Fonts are resolved through the installed package (not relative to this file) so the same code
 * works from the esbuild bundle (apps/api/dist/main.js, pdfmake external) and under vitest.
 */
const pdfmakeRoot = path.dirname(createRequire(import.meta.url).resolve('pdfmake/package.json'));
const robotoDir = path.join(pdfmakeRoot, 'fonts', 'Roboto');

export const PDF_FONT = 'Roboto';

const robotoFiles = {
  normal: path.join(robotoDir, 'Roboto-Regular.ttf'),
  bold: path.join(robotoDir, 'Roboto-Medium.ttf'),
  italics: path.join(robotoDir, 'Roboto-Italic.ttf'),
  bolditalics: path.join(robotoDir, 'Roboto-MediumItalic.ttf'),
};
const fontFiles: ReadonlySet<string> = new Set(Object.values(robotoFiles));
const fonts: TFontDictionary = { [PDF_FONT]: robotoFiles };

pdfmake.setFonts(fonts);
// Documents are built from tenant data; nothing in them may make the server fetch a URL or read a
// file. Images reach pdfmake only as data URLs built from bytes we already hold.
pdfmake.setUrlAccessPolicy(() => false);
pdfmake.setLocalAccessPolicy((file) => fontFiles.has(file));

/** Renders a pdfmake document definition to PDF bytes. pdfmake mutates the definition it is given. */
export function renderPdfDefinition(definition: TDocumentDefinitions): Promise<Buffer> {
  return pdfmake.createPdf(definition).getBuffer();
}
