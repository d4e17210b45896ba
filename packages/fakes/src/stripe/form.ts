/**
 * Stripe's request encoding: form bodies and query strings with bracket nesting (`individual[dob][day]=1`,
 * `expand[]=…` or `expand[0]=…`), and multipart bodies for file uploads.
 */
export type FormValue = string | FormObject | FormValue[];
export type FormObject = { [key: string]: FormValue };

function splitKey(key: string): string[] {
  const open = key.indexOf('[');
  if (open <= 0) return [key];
  const parts = [key.slice(0, open)];
  for (const match of key.slice(open).matchAll(/\[([^\]]*)\]/g)) parts.push(match[1] ?? '');
  return parts;
}

function assign(target: FormObject | FormValue[], parts: string[], value: string): void {
  const [head, ...rest] = parts;
  if (head === undefined) return;
  if (Array.isArray(target)) {
    const index = head === '' ? target.length : Number(head);
    if (!Number.isInteger(index) || index < 0) return;
    if (rest.length === 0) {
      target[index] = value;
      return;
    }
    const existing = target[index];
    const child = existing !== undefined && typeof existing !== 'string' ? existing : rest[0] === '' || /^\d+$/.test(rest[0] ?? '') ? [] : {};
    target[index] = child;
    assign(child, rest, value);
    return;
  }
  if (rest.length === 0) {
    target[head] = value;
    return;
  }
  const existing = target[head];
  const child = existing !== undefined && typeof existing !== 'string' ? existing : rest[0] === '' || /^\d+$/.test(rest[0] ?? '') ? [] : {};
  target[head] = child;
  assign(child, rest, value);
}

/** Builds the nested parameters from decoded key/value pairs in order. */
export function nestPairs(pairs: Iterable<[string, string]>): FormObject {
  const result: FormObject = {};
  for (const [key, value] of pairs) assign(result, splitKey(key), value);
  return result;
}

export function parseForm(body: string): FormObject {
  return nestPairs(new URLSearchParams(body).entries());
}

export function isFormObject(value: FormValue | undefined): value is FormObject {
  return value !== undefined && typeof value !== 'string' && !Array.isArray(value);
}

export function formObject(value: FormValue | undefined): FormObject | undefined {
  return isFormObject(value) ? value : undefined;
}

export function formString(value: FormValue | undefined): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

export function formStrings(value: FormValue | undefined): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.filter((item): item is string => typeof item === 'string');
  if (isFormObject(value)) return Object.values(value).filter((item): item is string => typeof item === 'string');
  return [];
}

export type UploadedPart = { filename: string; contentType: string; data: Buffer };
export type MultipartBody = { fields: FormObject; files: Map<string, UploadedPart> };

/** Splits a multipart/form-data body into its text fields (bracket-nested like a form) and its file parts. */
export function parseMultipart(body: Buffer, contentTypeHeader: string): MultipartBody | null {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentTypeHeader);
  const marker = boundary?.[1] ?? boundary?.[2];
  if (marker === undefined) return null;
  const delimiter = Buffer.from(`--${marker}`);
  const pairs: [string, string][] = [];
  const files = new Map<string, UploadedPart>();
  let start = body.indexOf(delimiter);
  while (start !== -1) {
    const partStart = start + delimiter.length;
    if (body.subarray(partStart, partStart + 2).toString() === '--') break;
    const next = body.indexOf(delimiter, partStart);
    if (next === -1) return null;
    // Each part is CRLF, headers, CRLF CRLF, content, CRLF before the next delimiter.
    const part = body.subarray(partStart + 2, next - 2);
    const headerEnd = part.indexOf('\r\n\r\n');
    if (headerEnd === -1) return null;
    const headers = part.subarray(0, headerEnd).toString('utf8');
    const content = part.subarray(headerEnd + 4);
    const name = /name="([^"]*)"/i.exec(headers)?.[1];
    if (name !== undefined) {
      const filename = /filename="([^"]*)"/i.exec(headers)?.[1];
      if (filename === undefined) pairs.push([name, content.toString('utf8')]);
      else files.set(name, { filename, contentType: /content-type:\s*([^\r\n]+)/i.exec(headers)?.[1]?.trim() ?? 'application/octet-stream', data: Buffer.from(content) });
    }
    start = next;
  }
  return { fields: nestPairs(pairs), files };
}
