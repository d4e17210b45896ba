/** The tenant configuration's answer schema, loaded on demand (see entry-answers-loader.ts). */
export { tenantPublicConfigSchema } from '@app/contracts';
