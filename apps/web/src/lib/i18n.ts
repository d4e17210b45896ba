import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { defaultLanguage } from '@app/contracts';
import en from '../locales/en.json';
import guest from '../locales/en-guest.json';
import { translateGuestTextWith } from './guest-text';

void i18n.use(initReactI18next).init({
  resources: { en: { translation: en } },
  lng: defaultLanguage,
  fallbackLng: defaultLanguage,
  initAsync: false,
  interpolation: { escapeValue: false },
});
// The strings of the guest screens beyond the login screen (the login entry has only en.json).
i18n.addResourceBundle('en', 'translation', guest, true, false);
translateGuestTextWith((key) => i18n.t(key));

export default i18n;
