import { crc32 } from 'node:zlib';
import type { Harness, TestClient, TestResponse } from '../../../test/harness';

/** Small files of every kind the upload checks tell apart, for the attachment and upload tests. */

export const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
export const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
export const JPEG = Buffer.from('ffd8ffe000104a46494600010100000100010000ffd9', 'hex');
export const GIF = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');
export const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x1a, 0, 0, 0]), Buffer.from('WEBPVP8 '), Buffer.alloc(14)]);
export const OLE = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(504)]);
export const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
export const HTML = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');
export const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(62)]);

type ZipEntry = { name: string; content: string };

/** An uncompressed zip archive: enough for the checks, which read names and stored entries. */
export function zipOf(entries: readonly ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const data = Buffer.from(entry.content);
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    centrals.push(central, name);
    offset += local.length + name.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const CONTENT_TYPES = { name: '[Content_Types].xml', content: '<?xml version="1.0"?><Types/>' };
export const DOCX = zipOf([CONTENT_TYPES, { name: 'word/document.xml', content: '<w:document/>' }]);
export const DOCM = zipOf([CONTENT_TYPES, { name: 'word/document.xml', content: '<w:document/>' }, { name: 'word/vbaProject.bin', content: 'macro' }]);
export const ODT = zipOf([{ name: 'mimetype', content: 'application/vnd.oasis.opendocument.text' }, { name: 'content.xml', content: '<office:document-content/>' }]);
export const PLAIN_ZIP = zipOf([{ name: 'notes.txt', content: 'hello' }]);

export type FormPart = { field: string; value: string } | { field: string; fileName: string; content: Buffer; type?: string };

export function multipartBody(parts: readonly FormPart[]): { body: Buffer; contentType: string } {
  const boundary = '----ledgerline-upload-test';
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if ('value' in part) {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.field}"\r\n\r\n${part.value}\r\n`));
    } else {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.field}"; filename="${part.fileName}"\r\nContent-Type: ${part.type ?? 'application/octet-stream'}\r\n\r\n`));
      chunks.push(part.content, Buffer.from('\r\n'));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Posts a multipart form as the client (its cookies, XSRF token and business header). */
export async function postForm(h: Harness, client: TestClient, url: string, parts: readonly FormPart[]): Promise<TestResponse> {
  const form = multipartBody(parts);
  const headers: Record<string, string> = {
    host: client.host,
    cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    'x-xsrf-token': decodeURIComponent(client.cookies.get('XSRF-TOKEN') ?? ''),
    'content-type': form.contentType,
    accept: 'application/json',
  };
  if (client.business) headers.business = client.business;
  const response = await h.server.inject({ method: 'POST', url, headers, payload: form.body });
  return { status: response.statusCode, body: JSON.parse(response.body) as Record<string, unknown>, headers: response.headers, payload: response.rawPayload };
}

/** Downloads as the client; the raw bytes and headers. */
export async function download(h: Harness, client: TestClient, url: string): Promise<{ status: number; content: Buffer; headers: Record<string, string | string[] | number | undefined> }> {
  const headers: Record<string, string> = { host: client.host, cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') };
  if (client.business) headers.business = client.business;
  const response = await h.server.inject({ method: 'GET', url, headers });
  return { status: response.statusCode, content: response.rawPayload, headers: response.headers };
}
