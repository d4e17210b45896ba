import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { binaryFileSchema, invoiceUploadResponseSchema, messages, text } from '@app/contracts';
import { businessScope } from '../../platform/business-scope';
import { AppError } from '../../platform/errors';
import { auditActor, requestMeta } from '../../platform/http';
import { requireBusiness } from '../../platform/request-context';
import { acceptFile, readMultipartForm } from '../attachments/attachment-files';
import type { UploadFields } from './upload-fields';
import type { InvoiceUploadService } from './invoice-upload.service';
import { OPTIONAL_UPLOAD_COLUMNS, UPLOAD_COLUMNS } from './sheet-rows';

const FIELD_NAMES: readonly string[] = [...UPLOAD_COLUMNS, ...OPTIONAL_UPLOAD_COLUMNS];
/** A CSV or XLSX file of invoices, one a row; or a PDF or image of one invoice, described by the other fields. */
const uploadBody = z.object({ file: binaryFileSchema, ...Object.fromEntries(FIELD_NAMES.map((name) => [name, text().optional()])) });

export const invoiceUploadRoutes: FastifyPluginAsyncZod<{ upload: InvoiceUploadService }> = async (server, { upload }) => {
  server.post(
    '/upload-invoice',
    { config: { access: { ability: 'create-invoice', scope: 'business' }, documentedBody: { schema: uploadBody, multipart: true } }, schema: { response: { 201: invoiceUploadResponseSchema } } },
    async (request, reply) => {
      const form = await readMultipartForm(request, { maxFiles: 1, filesField: 'file', tooManyFiles: messages.invalidInvoiceUpload });
      const part = form.files.find((entry) => entry.field === 'file');
      if (!part) throw AppError.validation('file', messages.required);
      const fields: UploadFields = Object.fromEntries(form.fields.filter((field) => FIELD_NAMES.includes(field.name)).map((field) => [field.name, field.value]));
      const context = { actor: auditActor(request), scope: businessScope(request), meta: requestMeta(request), currencyId: requireBusiness(request).row.currencyId };
      return reply.status(201).send({ data: await upload.upload(context, acceptFile(part, 'file'), fields) });
    },
  );
};
