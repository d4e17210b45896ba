import { z } from 'zod';
import { URL_MAX_LENGTH, normaliseHttpUrl } from './http-url';
import { text } from './fields';
import { sharedMessages as messages } from './shared-messages';

/** The spec's URL message (section 5), with the example host it shows. */
export const invalidUrlMessage = messages.invalidUrl.replace('{host}', 'example.com');

function checkedUrl(value: string, ctx: z.RefinementCtx): string {
  const url = normaliseHttpUrl(value);
  if (url === null) {
    ctx.addIssue({ code: 'custom', message: invalidUrlMessage });
    return z.NEVER;
  }
  if (url.length > URL_MAX_LENGTH) {
    ctx.addIssue({ code: 'custom', message: messages.maxLength255 });
    return z.NEVER;
  }
  return url;
}

/** A required URL field. */
export const urlSchema = text({ error: messages.required }).min(1, { message: messages.required, abort: true }).transform(checkedUrl);

/**
 * Every optional URL field (websites, tenant landing, logo and provider URLs). Blank clears it
 * (null); an omitted field stays omitted, so partial updates leave it untouched.
 */
export const optionalUrlSchema = text({ error: invalidUrlMessage })
  .nullish()
  .transform((value, ctx) => {
    if (value === undefined) return undefined;
    if (value === null || value.trim() === '') return null;
    return checkedUrl(value, ctx);
  });
