import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type InvoiceResource, attachmentResourceSchema, binaryFileSchema, dataResponse, fileResponse, idParamsSchema, invoiceResourceSchema, messages, successResponseSchema, uuidSchema } from '@app/contracts';
import { type BusinessScope, businessScope } from '../../platform/business-scope';
import { AppError } from '../../platform/errors';
import { DOCUMENT_MIME_TYPES } from '../../platform/file-sniff';
import { auditActor } from '../../platform/http';
import { attachableDocuments } from './attachable-documents';
import { ATTACHMENTS_PER_DOCUMENT, type MultipartForm, acceptFiles, readMultipartForm } from './attachment-files';
import type { AttachmentService } from './attachments.service';

const params = idParamsSchema;
const attachmentParams = params.extend({ attachmentId: uuidSchema });
const listResponse = { 200: dataResponse(z.array(attachmentResourceSchema)) };
const FILES_FIELD = /^attachments(\[\d*\])?$/;
const REMOVE_FIELD = /^remove_attachments(\[\d*\])?$/;
/** `attachments[]` files to add and `remove_attachments[]` ids to remove, in one multipart form. */
const attachmentUpload = {
  schema: z.object({ 'attachments[]': z.array(binaryFileSchema).max(ATTACHMENTS_PER_DOCUMENT).optional(), 'remove_attachments[]': z.array(uuidSchema).optional() }),
  multipart: true,
};

/** The ids of `remove_attachments[n]` fields; one that is no id is a 422 naming it. */
function removalIds(form: MultipartForm): string[] {
  const values = form.fields.filter((field) => REMOVE_FIELD.test(field.name)).map((field) => field.value);
  const invalid = values.findIndex((value) => !uuidSchema.safeParse(value).success);
  if (invalid >= 0) throw AppError.validation(`remove_attachments.${invalid}`, messages.invalidUuid);
  return values;
}

/** RFC 6266/5987: the name travels percent-encoded, so no header injection and any script survives. */
function attachmentDisposition(fileName: string): string {
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename*=UTF-8''${encoded}`;
}

/** How an invoice is read back after its upload: the invoices module's `get`, handed in by the app. */
export type InvoiceReader = { get(scope: BusinessScope, id: string): Promise<InvoiceResource> };

export const attachmentRoutes: FastifyPluginAsyncZod<{ attachments: AttachmentService; invoices: InvoiceReader }> = async (server, { attachments, invoices }) => {
  for (const entry of attachableDocuments) {
    const view = { access: { ability: entry.viewAbility, scope: 'business' as const } };
    const edit = { access: { ability: entry.editAbility, scope: 'business' as const } };
    const saveUpload = async (request: FastifyRequest, id: string) => {
      const form = await readMultipartForm(request, { maxFiles: ATTACHMENTS_PER_DOCUMENT, filesField: 'attachments', tooManyFiles: messages.tooManyAttachments });
      const files = acceptFiles(
        form.files.filter((file) => FILES_FIELD.test(file.field)),
        'attachments',
      );
      const removeIds = removalIds(form);
      return attachments.update(auditActor(request), businessScope(request), entry.model, id, files, removeIds);
    };

    if (entry.model === 'invoice') {
      // Spec section 7: an invoice's attachments go through a separate upload that returns the invoice.
      server.post(`/${entry.path}/:id/attachments`, { config: { ...edit, documentedBody: attachmentUpload }, schema: { params, response: { 200: dataResponse(invoiceResourceSchema) } } }, async (request) => {
        await saveUpload(request, request.params.id);
        return { data: await invoices.get(businessScope(request), request.params.id) };
      });
    } else {
      server.post(`/${entry.path}/:id/attachments`, { config: { ...edit, documentedBody: attachmentUpload }, schema: { params, response: listResponse } }, async (request) => ({
        data: await saveUpload(request, request.params.id),
      }));
    }

    server.delete(`/${entry.path}/:id/attachments/:attachmentId`, { config: edit, schema: { params: attachmentParams, response: { 200: successResponseSchema } } }, async (request) => {
      await attachments.remove(auditActor(request), businessScope(request), entry.model, request.params.id, request.params.attachmentId);
      return { success: true };
    });

    server.get(`/${entry.path}/:id/attachments/:attachmentId`, { config: view, schema: { params: attachmentParams, response: { 200: fileResponse(DOCUMENT_MIME_TYPES, 'The attached file') } } }, async (request, reply) => {
      const file = await attachments.download(businessScope(request), entry.model, request.params.id, request.params.attachmentId);
      return reply
        .header('content-type', file.mimeType)
        .header('content-disposition', attachmentDisposition(file.fileName))
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cache-control', 'private, no-store')
        .send(file.content);
    });
  }
};
