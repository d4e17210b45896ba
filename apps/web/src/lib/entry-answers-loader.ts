/** Loads the login entry's answer schemas on first use (see entry-answers.ts). */
export const entryAnswers = () => import('./entry-answers');
