import { Liquid } from 'liquidjs';
import { EMAIL_TEMPLATE_BODY_MAX, EMAIL_TEMPLATE_SUBJECT_MAX } from '@app/contracts';

/** Why a template could not be rendered: shown to the admin on the field, never with a stack. */
export class TemplateError extends Error {}

/** How long one render may take, and how many objects it may make: a loop over a huge range stops here. */
export const RENDER_LIMIT_MS = 200;
const MEMORY_LIMIT = 2_000_000;

/**
 * The sandbox an admin's template runs in. No file is ever read (`templates` is an empty mapping,
 * so include, render and layout find nothing); a variable or filter that does not exist is an
 * error, so a template cannot silently reach for `process` or a prototype (`ownPropertyOnly`);
 * parsing, rendering time and memory are bounded. Only the variables the catalogue names are in
 * scope: nothing of the server, the database or another tenant is.
 */
const engine = new Liquid({
  templates: {},
  relativeReference: false,
  dynamicPartials: false,
  strictVariables: true,
  strictFilters: true,
  ownPropertyOnly: true,
  cache: false,
  parseLimit: EMAIL_TEMPLATE_BODY_MAX + EMAIL_TEMPLATE_SUBJECT_MAX,
  renderLimit: RENDER_LIMIT_MS,
  memoryLimit: MEMORY_LIMIT,
});

/** The template's text with `variables` filled in, or a TemplateError saying why not. */
export async function renderLiquid(source: string, variables: Readonly<Record<string, unknown>>): Promise<string> {
  try {
    const parsed = engine.parse(source);
    const rendered: unknown = await engine.render(parsed, { ...variables });
    return String(rendered);
  } catch (error) {
    const message = error instanceof Error ? error.message.split('\n')[0] : String(error);
    throw new TemplateError(message?.slice(0, 300) ?? 'unknown error');
  }
}
