import i18n from './i18n';
import app from '../locales/en-app.json';
import './i18n-documents';

/**
 * The strings of the signed-in areas. Guest pages ship only locales/en.json in the login entry;
 * the company and admin layouts import this module, which adds the rest before they render.
 */
i18n.addResourceBundle('en', 'translation', app, true, false);
