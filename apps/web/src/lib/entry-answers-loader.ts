/** Loads the login entry's answer schemas on first use (see entry-answers.ts). */
export const entryAnswers = () => import('./entry-answers');

/**
 * Loads the tenant configuration's answer schema on first use: every entry asks for it at start,
 * and the public pages need no other of the login entry's schemas (issue 17's page budget).
 */
export const tenantAnswer = () => import('./tenant-answer').then((module) => module.tenantPublicConfigSchema);
