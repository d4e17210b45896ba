// What other modules use: the templates a document may name (also as a column of their own
// statement), its form's options, and the layout a document is drawn with.
export { pdfLayoutFor, pdfTemplateChoices, pdfTemplateChoicesOf, pdfTemplateOptions, type PdfTemplateChoices } from './pdf-templates.service';
export { templateChoicesColumn, type TemplateChoices } from './pdf-templates.repository';
