import type { FastifyRequest } from 'fastify';
import { messages } from '@app/contracts';
import { AppError } from '../../platform/errors';
import { type SniffedDocument, sniffDocument } from '../../platform/file-sniff';

export const ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
export const ATTACHMENTS_PER_DOCUMENT = 10;

/** One file part of a multipart request, read whole; `tooLarge` when it passed the size limit. */
export type UploadedPart = { field: string; fileName: string; content: Buffer; tooLarge: boolean };
export type MultipartForm = { files: UploadedPart[]; fields: { name: string; value: string }[] };

/** A file that passed the checks: its type comes from its content. */
export type AcceptedFile = { fileName: string; content: Buffer; sniffed: SniffedDocument };

/**
 * Reads every part of a multipart request. An oversized file is kept (truncated) and flagged so
 * the caller can name it in a 422; more than `maxFiles` files is a 422 on `filesField` saying `tooManyFiles`.
 */
export async function readMultipartForm(request: FastifyRequest, options: { maxFiles: number; filesField: string; tooManyFiles: string }): Promise<MultipartForm> {
  if (!request.isMultipart()) throw AppError.validation(options.filesField, messages.required);
  const form: MultipartForm = { files: [], fields: [] };
  try {
    // Per-request `throwFileSizeLimit` exists at runtime but not in the plugin's request types.
    const partOptions = { limits: { fileSize: ATTACHMENT_MAX_BYTES, files: options.maxFiles, fields: 100 }, throwFileSizeLimit: false };
    const parts = request.parts(partOptions);
    for await (const part of parts) {
      if (part.type === 'file') {
        const content = await part.toBuffer();
        form.files.push({ field: part.fieldname, fileName: part.filename, content, tooLarge: part.file.truncated });
      } else if (typeof part.value === 'string') {
        form.fields.push({ name: part.fieldname, value: part.value });
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_FILES_LIMIT') throw AppError.validation(options.filesField, options.tooManyFiles);
    if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') throw AppError.validation(options.filesField, messages.invalidAttachment);
    throw error;
  }
  return form;
}

/** A name safe to store and to send back in a header: no path, no control characters, at most 255 characters. */
export function cleanFileName(raw: string): string {
  const base = raw.split(/[\\/]/).pop() ?? '';
  const printable = [...base].filter((char) => char.charCodeAt(0) > 0x1f && char.charCodeAt(0) !== 0x7f).join('').trim();
  return (printable || 'attachment').slice(-255);
}

/** The file with its type read from its content, or the message that refuses it. */
function checkFile(part: UploadedPart): AcceptedFile | string {
  if (part.tooLarge) return messages.attachmentTooLarge;
  const fileName = cleanFileName(part.fileName);
  const sniffed = sniffDocument(part.content, fileName);
  return sniffed ? { fileName, content: part.content, sniffed } : messages.invalidAttachment;
}

/** Checks the size and content of every file; a 422 names each refused one as `<field>.<index>`. */
export function acceptFiles(parts: readonly UploadedPart[], field: string): AcceptedFile[] {
  const errors: Record<string, string[]> = {};
  const accepted: AcceptedFile[] = [];
  parts.forEach((part, index) => {
    const checked = checkFile(part);
    if (typeof checked === 'string') errors[`${field}.${index}`] = [checked];
    else accepted.push(checked);
  });
  const first = Object.values(errors)[0]?.[0];
  if (first) throw new AppError('validation', first, 422, errors);
  return accepted;
}

/** The one file of a form field, checked; a 422 on `field` refuses it. */
export function acceptFile(part: UploadedPart, field: string): AcceptedFile {
  const checked = checkFile(part);
  if (typeof checked === 'string') throw AppError.validation(field, checked);
  return checked;
}
