import fs from 'node:fs/promises';
import path from 'node:path';

const KEY_PATTERN = /^[0-9a-f-]{36}\/[a-z-]+\/[0-9a-f-]{36}\.(png|jpg|gif)$/;

/** Files on local disk, keyed `<tenant>/<kind>/<id>.<ext>`; an object store replaces it in production. */
export class FileStorage {
  constructor(private readonly root: string) {}

  async put(key: string, content: Buffer): Promise<void> {
    if (!KEY_PATTERN.test(key)) throw new Error(`Refusing storage key ${key}`);
    const target = path.join(this.root, key);
    await fs.mkdir(path.dirname(target), { recursive: true });
    await fs.writeFile(target, content);
  }

  async get(key: string): Promise<Buffer | null> {
    if (!KEY_PATTERN.test(key)) return null;
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
