import type { FastifyInstance } from 'fastify';
import type { TestClient } from './harness';

/** A secret planted on purpose, to be looked for wherever people can read things later. */
export type Canary = { label: string; value: string };

/** The canary and the forms it would obviously take when copied somewhere: URL-encoded, or the part after `<id>|`. */
export function canaryForms(canaries: Canary[]): Canary[] {
  const forms: Canary[] = [];
  for (const { label, value } of canaries) {
    forms.push({ label, value });
    const encoded = encodeURIComponent(value);
    if (encoded !== value) forms.push({ label: `${label} (URL-encoded)`, value: encoded });
    const bar = value.indexOf('|');
    if (bar !== -1) forms.push({ label: `${label} (secret part)`, value: value.slice(bar + 1) });
  }
  return forms;
}

/** Every place a canary was found, as "label in sink: …context…". */
export function findCanaries(sinks: Record<string, string>, canaries: Canary[]): string[] {
  const found: string[] = [];
  for (const [sink, text] of Object.entries(sinks)) {
    for (const { label, value } of canaryForms(canaries)) {
      const at = text.indexOf(value);
      if (at !== -1) found.push(`${label} in ${sink}: …${text.slice(Math.max(0, at - 80), at + value.length + 20)}…`);
    }
  }
  return found;
}

/** A pino destination that keeps every line the server logs. */
export class CapturedLog {
  readonly lines: string[] = [];

  write(line: string): void {
    this.lines.push(line);
  }

  text(): string {
    return this.lines.join('');
  }
}

export type CrawledAnswer = { client: string; route: string; url: string; status: number; body: string };

const PARAMETER = /^\{(.+)\}$/;
const TOKEN_PARAMETER = /token/i;
const IDS_PER_LIST = 2;
const NO_SUCH_ID = '00000000-0000-4000-8000-000000000000';

function idsIn(body: string): string[] {
  try {
    const parsed: unknown = JSON.parse(body);
    const data = typeof parsed === 'object' && parsed !== null && 'data' in parsed ? parsed.data : null;
    if (!Array.isArray(data)) return [];
    return data
      .map((item: unknown) => (typeof item === 'object' && item !== null && 'id' in item ? item.id : null))
      .filter((id): id is string | number => typeof id === 'string' || typeof id === 'number')
      .slice(0, IDS_PER_LIST)
      .map(String);
  } catch {
    return [];
  }
}

/** The GET routes of the app's route table (its OpenAPI document), as `/api/v1/things/{id}` templates. */
export function readableRoutes(server: FastifyInstance, include: (route: string) => boolean): string[] {
  const paths = server.swagger().paths ?? {};
  return Object.entries(paths)
    .filter(([route, operations]) => operations && 'get' in operations && include(route))
    .map(([route]) => route)
    .sort();
}

/**
 * GETs every route for every client. A path parameter is filled with ids from the list at the path
 * before it (`/platform/users/{id}` with the ids `/platform/users` returned, else an id that
 * does not exist, so every route is asked); routes whose
 * parameter is a token are skipped, since using a token is not reading what others stored.
 */
export async function crawl(routes: string[], clients: Record<string, TestClient>): Promise<CrawledAnswer[]> {
  const answers: CrawledAnswer[] = [];
  for (const [name, client] of Object.entries(clients)) {
    const cache = new Map<string, CrawledAnswer>();
    const get = async (route: string, url: string): Promise<CrawledAnswer> => {
      const known = cache.get(url);
      if (known) return known;
      const response = await client.get(url);
      const answer = { client: name, route, url, status: response.status, body: JSON.stringify(response.body) };
      cache.set(url, answer);
      answers.push(answer);
      return answer;
    };
    for (const route of routes) {
      const segments = route.split('/');
      if (segments.some((segment) => PARAMETER.test(segment) && TOKEN_PARAMETER.test(segment))) continue;
      let prefixes = [''];
      for (const segment of segments.slice(1)) {
        if (!PARAMETER.test(segment)) {
          prefixes = prefixes.map((prefix) => `${prefix}/${segment}`);
          continue;
        }
        const filled: string[] = [];
        for (const prefix of prefixes) {
          // A list this client may not read (or an empty one) still leads to the route, with an id that exists nowhere.
          const ids = idsIn((await get(route, prefix)).body);
          for (const id of ids.length > 0 ? ids : [NO_SUCH_ID]) filled.push(`${prefix}/${encodeURIComponent(id)}`);
        }
        prefixes = filled;
      }
      for (const url of prefixes) await get(route, url);
    }
  }
  return answers;
}

/** Every page of a paged list (`limit=100`), then the detail of every row it listed: for lists whose older rows matter. */
export async function readAll(client: TestClient, clientName: string, listUrl: string, detailUrl?: (id: string) => string): Promise<CrawledAnswer[]> {
  const answers: CrawledAnswer[] = [];
  const ids: string[] = [];
  for (let page = 1; ; page += 1) {
    const response = await client.get(`${listUrl}?limit=100&page=${page}`);
    const body = JSON.stringify(response.body);
    answers.push({ client: clientName, route: listUrl, url: `${listUrl}?page=${page}`, status: response.status, body });
    const rows = Array.isArray(response.body.data) ? response.body.data : [];
    for (const row of rows) if (typeof row === 'object' && row !== null && 'id' in row && typeof row.id === 'string') ids.push(row.id);
    if (response.status !== 200 || rows.length < 100) break;
  }
  if (detailUrl) {
    for (const id of ids) {
      const response = await client.get(detailUrl(id));
      answers.push({ client: clientName, route: detailUrl('{id}'), url: detailUrl(id), status: response.status, body: JSON.stringify(response.body) });
    }
  }
  return answers;
}
