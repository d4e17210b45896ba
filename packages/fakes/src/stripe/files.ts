import type Stripe from 'stripe';
import { invalidRequest, missingParam, newId, nowSeconds } from './errors.js';
import { formString, type FormObject, type UploadedPart } from './form.js';
import type { StoredFile } from './records.js';

/** The purposes the onboarding uploads use; Stripe accepts JPG, PNG and PDF for them. */
const UPLOAD_PURPOSES: readonly Stripe.File.Purpose[] = ['identity_document', 'account_requirement', 'additional_verification'];
/** Stripe's limit for identity documents and account requirement files. */
export const MAX_FILE_BYTES = 10 * 1024 * 1024;

/** The file's kind by its first bytes, as Stripe sniffs it (the declared type and name are not trusted). */
function sniffType(data: Buffer): 'jpg' | 'png' | 'pdf' | null {
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'jpg';
  if (data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (data.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf';
  return null;
}

function isUploadPurpose(value: string): value is Stripe.File.Purpose {
  return UPLOAD_PURPOSES.some((purpose) => purpose === value);
}

/** POST /v1/files: checks the purpose, the kind and the size as Stripe does. */
export function createFile(fields: FormObject, parts: ReadonlyMap<string, UploadedPart>, account: string | null, baseUrl: string): StoredFile {
  const purpose = formString(fields.purpose);
  if (purpose === undefined) throw missingParam('purpose');
  if (!isUploadPurpose(purpose)) {
    throw invalidRequest(`Invalid purpose: ${purpose}. Must be one of ${UPLOAD_PURPOSES.join(', ')}.`, { param: 'purpose' });
  }
  const part = parts.get('file');
  if (part === undefined) throw missingParam('file');
  const type = sniffType(part.data);
  if (type === null) {
    throw invalidRequest(`Invalid file: must be uploaded in a supported format (jpg, png, pdf) for the purpose ${purpose}.`, { code: 'file_type_invalid', param: 'file' });
  }
  if (part.data.length >= MAX_FILE_BYTES) {
    throw invalidRequest(`Invalid file: files for the purpose ${purpose} must be smaller than 10 MB.`, { code: 'file_size_too_large', param: 'file' });
  }
  const id = newId('file');
  const file: Stripe.File = {
    id,
    object: 'file',
    created: nowSeconds(),
    expires_at: null,
    filename: part.filename,
    links: { object: 'list', data: [], has_more: false, url: `/v1/file_links?file=${id}` },
    purpose,
    size: part.data.length,
    title: null,
    type,
    url: `${baseUrl}/v1/files/${id}/contents`,
  };
  return { file, account };
}
