import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { count, eq } from 'drizzle-orm';
import type { Harness, TestClient } from '../../../test/harness';
import { type ReceivedMail, linkIn } from '../../../test/smtp';
import { outbox, publicLinks } from '../../db/schema';

/** Test helpers of the delivery tests (raw PDF responses, text extraction, row counts). */

const run = promisify(execFile);

export type RawResponse = { status: number; headers: Record<string, string | string[] | number | undefined>; body: Buffer };

/** A GET whose body stays bytes (the test client parses JSON). */
export async function rawGet(h: Harness, client: TestClient, url: string): Promise<RawResponse> {
  const headers: Record<string, string> = { host: client.host };
  if (client.cookies.size > 0) headers.cookie = [...client.cookies].map(([key, value]) => `${key}=${value}`).join('; ');
  if (client.business) headers.business = client.business;
  const response = await h.server.inject({ method: 'GET', url, headers });
  return { status: response.statusCode, headers: response.headers, body: response.rawPayload };
}

/** The text of a PDF as `pdftotext -layout` extracts it. */
export async function pdfText(pdf: Buffer): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'delivery-pdf-'));
  try {
    const file = path.join(dir, 'document.pdf');
    await fs.writeFile(file, pdf);
    const { stdout } = await run('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-']);
    return stdout;
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** How many images the PDF embeds (`pdfimages -list`). */
export async function pdfImageCount(pdf: Buffer): Promise<number> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'delivery-pdf-'));
  try {
    const file = path.join(dir, 'document.pdf');
    await fs.writeFile(file, pdf);
    const { stdout } = await run('pdfimages', ['-list', file]);
    return stdout.split('\n').filter((line) => /^\s*\d+\s+\d+\s+image/.test(line)).length;
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

export function publicTokenIn(mail: ReceivedMail, plural: 'invoices' | 'estimates'): string {
  return linkIn(mail, new RegExp(`/public/${plural}/view/[\\w-]+`)).split('/').pop() ?? '';
}

export function tokenOfUrl(url: string): string {
  return url.split('/').pop() ?? '';
}

/** Links issued for a document and mail in the outbox (all tenants), read as the database owner. */
export async function deliveryRows(h: Harness, documentId: string): Promise<{ links: number; mails: number }> {
  const [links] = await h.app.db.select({ value: count() }).from(publicLinks).where(eq(publicLinks.documentId, documentId));
  const [mails] = await h.app.db.select({ value: count() }).from(outbox);
  return { links: links?.value ?? 0, mails: mails?.value ?? 0 };
}
