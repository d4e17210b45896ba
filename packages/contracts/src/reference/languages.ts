export type Language = { code: string; name: string };

/** UI languages. The product UI is English-only for now. */
export const languages: readonly Language[] = [{ code: 'en', name: 'English' }];

export const defaultLanguage = 'en';
