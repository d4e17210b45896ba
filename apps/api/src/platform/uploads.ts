import type { FastifyRequest } from 'fastify';
import { AVATAR_MAX_BYTES, messages } from '@app/contracts';
import { AppError } from './errors';
import { type ImageKind, sniffImage } from './storage';

/** The one image of a multipart request: at most 5 MB, gif/jpeg/png by content. */
export async function readUploadedImage(request: FastifyRequest, field: string): Promise<{ content: Buffer; kind: ImageKind }> {
  const file = await request.file({ limits: { fileSize: AVATAR_MAX_BYTES, files: 1 } });
  if (!file) throw AppError.validation(field, messages.required);
  let content: Buffer;
  try {
    content = await file.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw AppError.validation(field, messages.imageTooLarge);
    throw error;
  }
  if (file.file.truncated) throw AppError.validation(field, messages.imageTooLarge);
  const kind = sniffImage(content);
  if (!kind) throw AppError.validation(field, messages.invalidImage);
  return { content, kind };
}
