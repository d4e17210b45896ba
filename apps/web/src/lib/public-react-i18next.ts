import i18n from './public-i18next';

/**
 * What `react-i18next` is in the public entry's build (../../vite.public.config.ts), beside
 * ./public-i18next: the pages behind a mailed link take `t` from `useTranslation()` and nothing
 * else. Their strings are added before a page renders and the language never changes there, so
 * there is nothing to subscribe to.
 */
export const initReactI18next = { type: '3rdParty' as const, init: () => undefined };

export function useTranslation() {
  return { t: i18n.t, i18n, ready: true };
}
