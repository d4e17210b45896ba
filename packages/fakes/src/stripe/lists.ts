import type Stripe from 'stripe';
import { invalidRequest } from './errors.js';
import { formString, formStrings, type FormObject } from './form.js';

/** `limit` (1–100, default 10) and `starting_after`/`ending_before` over items kept newest first, as Stripe pages. */
export function pageOf<T extends { id: string }>(newestFirst: readonly T[], params: FormObject, url: string): Stripe.ApiList<T> {
  const limitText = formString(params.limit);
  const limit = limitText === undefined ? 10 : Number(limitText);
  if (!Number.isInteger(limit) || limit < 1 || limit > 100) {
    throw invalidRequest(`Invalid limit: must be between 1 and 100`, { param: 'limit' });
  }
  const startingAfter = formString(params.starting_after);
  const endingBefore = formString(params.ending_before);
  let start = 0;
  let end = newestFirst.length;
  if (startingAfter !== undefined) {
    const index = newestFirst.findIndex((item) => item.id === startingAfter);
    if (index === -1) throw invalidRequest(`No such object: '${startingAfter}'`, { code: 'resource_missing', param: 'starting_after' });
    start = index + 1;
  } else if (endingBefore !== undefined) {
    const index = newestFirst.findIndex((item) => item.id === endingBefore);
    if (index === -1) throw invalidRequest(`No such object: '${endingBefore}'`, { code: 'resource_missing', param: 'ending_before' });
    end = index;
    start = Math.max(0, end - limit);
  }
  const data = newestFirst.slice(start, Math.min(end, start + limit));
  return { object: 'list', data: structuredClone(data), has_more: start + data.length < end || (endingBefore !== undefined && start > 0), url };
}

/** `expand[]` paths; `external_accounts` is always inline on accounts the platform controls, so it needs no work. */
export function expandPaths(params: FormObject): string[] {
  return formStrings(params.expand);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Replaces id strings at the dotted paths with the objects they name (`individual.verification.document.front`
 * becomes a File). A path that names no expandable id fails as Stripe's does.
 */
export function expandObject(value: unknown, paths: readonly string[], lookup: (id: string) => unknown): unknown {
  for (const path of paths) {
    if (path === 'external_accounts' || path === 'data.external_accounts') continue;
    const segments = path.split('.');
    const items = isRecord(value) && value.object === 'list' && Array.isArray(value.data) && segments[0] === 'data' ? value.data : null;
    const targets: unknown[] = items ?? [value];
    const fieldPath = items === null ? segments : segments.slice(1);
    for (const target of targets) {
      let parent: unknown = target;
      for (const segment of fieldPath.slice(0, -1)) parent = isRecord(parent) ? parent[segment] : undefined;
      const field = fieldPath[fieldPath.length - 1];
      const current = isRecord(parent) && field !== undefined ? parent[field] : undefined;
      if (!isRecord(parent) || field === undefined || (typeof current !== 'string' && !isRecord(current) && current !== null)) {
        throw invalidRequest(`This property cannot be expanded (${path}).`, { param: 'expand' });
      }
      if (typeof current === 'string') {
        const found = lookup(current);
        if (found !== undefined) parent[field] = found;
      }
    }
  }
  return value;
}
