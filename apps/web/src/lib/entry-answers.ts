/**
 * The answer schemas of the calls the login entry makes (session, tenant branding, sign-in and the
 * other guest screens). The entry loads this module when it first calls one of them, so zod and
 * these schemas stay out of the entry itself (docs/design-notes.md, the login entry).
 */
export { bootstrapResponseSchema, invitationInfoSchema, loginResponseSchema, messageResponseSchema } from '@app/contracts';
