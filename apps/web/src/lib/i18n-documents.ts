import i18n from './i18n';
import documents from '../locales/en-documents.json';

/**
 * The strings of a document's preview, status and totals, shared by the signed-in invoice and
 * estimate pages and the public document page. Kept out of locales/en.json, which the login
 * entry ships: the signed-in areas add them through lib/i18n-app.ts, the public document page
 * imports this module itself.
 */
i18n.addResourceBundle('en', 'translation', documents, true, false);
