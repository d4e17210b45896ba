import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { defaultLanguage } from '@app/contracts';
import en from '../locales/en.json';

void i18n.use(initReactI18next).init({
  resources: { en: { translation: en } },
  lng: defaultLanguage,
  fallbackLng: defaultLanguage,
  initAsync: false,
  interpolation: { escapeValue: false },
});

export default i18n;
