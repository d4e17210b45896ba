import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable, Writable } from 'node:stream';

/** Kinds of uploaded image: logos are public (documents, public pages), avatars only for the tenant's signed-in users. */
export type ImageFolder = 'logos' | 'avatars';

/**
 * `<tenant>/<folder>/<name>.<ext>`. New names are 128 random bits (32 hex characters); names
 * written before are time-ordered UUIDs and stay readable.
 */
const KEY_PATTERN = /^[0-9a-f-]{36}\/(logos|avatars)\/([0-9a-f-]{36}|[0-9a-f]{32})\.(png|jpg|gif)$/;
/** Attachments, and import files with their error reports (`<tenant>/imports/<id>` and `.errors.csv`). */
const DOCUMENT_KEY_PATTERN = /^[0-9a-f-]{36}\/(attachments\/[0-9a-f-]{36}|imports\/[0-9a-f-]{36}(\.errors\.csv)?)$/;
const EXPORT_KEY_PATTERN = /^[0-9a-f-]{36}\/exports\/[0-9a-f-]{36}\.(csv|xlsx)$/;

/** The path under which the files route serves an image key. */
export const FILES_PREFIX = '/files/';

/** Where a new uploaded image goes: a name nobody can guess or derive from another upload's. */
export function newImageKey(tenantId: string, folder: ImageFolder, kind: ImageKind): string {
  return `${tenantId}/${folder}/${randomBytes(16).toString('hex')}.${kind.ext}`;
}

/** Where a document attachment of a tenant is stored. */
export function attachmentStorageKey(tenantId: string, attachmentId: string): string {
  return `${tenantId}/attachments/${attachmentId}`;
}

/** Where an import wizard's uploaded file is stored, and the CSV of the rows its run skipped. */
export function importStorageKey(tenantId: string, importId: string, part: 'file' | 'errors'): string {
  return `${tenantId}/imports/${importId}${part === 'errors' ? '.errors.csv' : ''}`;
}

/** Where the file of a tenant's export run is stored. */
export function exportStorageKey(tenantId: string, runId: string, ext: 'csv' | 'xlsx'): string {
  return `${tenantId}/exports/${runId}.${ext}`;
}

/**
 * Files on local disk; an object store replaces it in production. Uploaded images are keyed
 * `<tenant>/<folder>/<name>.<ext>` and served by the files route through `get` (avatars to
 * signed-in users of the tenant only). Document attachments are keyed `<tenant>/attachments/<id>`
 * and have their own methods, so the files route can never reach them: only the attachments
 * module serves them, after its access checks.
 */
export class FileStorage {
  constructor(private readonly root: string) {}

  async put(key: string, content: Buffer): Promise<void> {
    if (!KEY_PATTERN.test(key)) throw new Error(`Refusing storage key ${key}`);
    await this.write(key, content);
  }

  async get(key: string): Promise<Buffer | null> {
    if (!KEY_PATTERN.test(key)) return null;
    return this.read(key);
  }

  async putDocument(key: string, content: Buffer): Promise<void> {
    if (!DOCUMENT_KEY_PATTERN.test(key)) throw new Error(`Refusing storage key ${key}`);
    await this.write(key, content);
  }

  async getDocument(key: string): Promise<Buffer | null> {
    if (!DOCUMENT_KEY_PATTERN.test(key)) return null;
    return this.read(key);
  }

  /** Deleting a file that is already gone is not an error. */
  async deleteDocument(key: string): Promise<void> {
    if (!DOCUMENT_KEY_PATTERN.test(key)) throw new Error(`Refusing storage key ${key}`);
    await fs.rm(path.join(this.root, key), { force: true });
  }

  /**
   * Streams an export file: `write` fills a temporary file that takes the key's name only once
   * it returns, so a run that fails half-way leaves nothing under the key to serve.
   */
  async writeExport(key: string, write: (out: Writable) => Promise<void>): Promise<void> {
    if (!EXPORT_KEY_PATTERN.test(key)) throw new Error(`Refusing storage key ${key}`);
    const target = path.join(this.root, key);
    const partial = `${target}.${randomBytes(8).toString('hex')}.partial`;
    await fs.mkdir(path.dirname(target), { recursive: true });
    const out = createWriteStream(partial);
    try {
      await write(out);
      await fs.rename(partial, target);
    } catch (error) {
      out.destroy();
      await fs.rm(partial, { force: true });
      throw error;
    }
  }

  /** The export file's stream, or null when it is not (or no longer) there. */
  async readExport(key: string): Promise<Readable | null> {
    if (!EXPORT_KEY_PATTERN.test(key)) return null;
    const target = path.join(this.root, key);
    try {
      await fs.access(target);
    } catch {
      return null;
    }
    return createReadStream(target);
  }

  async deleteExport(key: string): Promise<void> {
    if (!EXPORT_KEY_PATTERN.test(key)) throw new Error(`Refusing storage key ${key}`);
    await fs.rm(path.join(this.root, key), { force: true });
  }

  private async write(key: string, content: Buffer): Promise<void> {
    const target = path.join(this.root, key);
    await fs.mkdir(path.dirname(target), { recursive: true });
    await fs.writeFile(target, content);
  }

  private async read(key: string): Promise<Buffer | null> {
    try {
      return await fs.readFile(path.join(this.root, key));
    } catch {
      return null;
    }
  }
}

export type ImageKind = { ext: 'png' | 'jpg' | 'gif'; mime: string };

/** Images are recognised by their magic bytes, never by name or declared type. */
export function sniffImage(content: Buffer): ImageKind | null {
  if (content.length >= 8 && content.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return { ext: 'png', mime: 'image/png' };
  if (content.length >= 3 && content[0] === 0xff && content[1] === 0xd8 && content[2] === 0xff) return { ext: 'jpg', mime: 'image/jpeg' };
  if (content.length >= 6 && (content.subarray(0, 6).toString('latin1') === 'GIF87a' || content.subarray(0, 6).toString('latin1') === 'GIF89a')) return { ext: 'gif', mime: 'image/gif' };
  return null;
}

export const MIME_BY_EXT: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', gif: 'image/gif' };
