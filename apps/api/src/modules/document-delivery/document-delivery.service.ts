import {
  type DocumentEmailPreview,
  type PdfLayout,
  type PublicLinkResponse,
  type ResolvedBusinessSettings,
  type SendDocumentEmailRequest,
  type SentMail,
  messages,
  sendDocumentEmailRequestSchema,
} from '@app/contracts';
import { formatMoney } from '@app/domain';
import type { Tx } from '../../db/client';
import { inTenant } from '../../db/tenant-tx';
import type { AppContext } from '../../platform/app-context';
import { type AuditActor, recordAudit } from '../../platform/audit';
import type { BusinessScope } from '../../platform/business-scope';
import { newId, randomToken, sha256 } from '../../platform/crypto';
import { AppError } from '../../platform/errors';
import type { MailFile } from '../../platform/outbox';
import { type PdfLogo, renderDocumentPdf } from '../../platform/pdf';
import { pdfLayoutFor } from '../pdf-templates/pdf-templates.port';
import { sniffImage } from '../../platform/storage';
import { businessSettingsOf } from '../businesses/businesses.service';
import type { DeliverableDocument, DeliveryAdapter } from './delivery-adapter';
import { findCustomer } from '../documents/documents.port';
import { templatedMail } from '../email-templates/email-templates.port';
import * as repo from './document-delivery.repository';
import { fillPlaceholders, formatDocumentDate } from './document-formatting';
import { moneyFormatOf, toPdfModel } from './document-pdf-model';

const DAY_MS = 86_400_000;
/** The business logo is stored as the public files route path of its storage key. */
const FILES_PREFIX = '/files/';

/** Who sends and where links point: the tenant's public origin (never a request header) and the signed-in user's address. */
export type DeliveryRequest = { origin: string; userEmail: string | null };

export type RenderedPdf = { bytes: Buffer; filename: string };

/** A send written in the caller's transaction: the document as sent, and the outbox mail to dispatch once it commits. */
export type SentInTx<Document> = { document: Document; mailId: string };

/** A send from a request: the document as sent and what became of its mail (queued, or held for want of a mail server). */
export type SentDocument<Document> = { data: Document; mail: SentMail };

/**
 * A send request checked against the contract, with the PDF it attaches: rendered, to be made when
 * the mail is sent ('at-send'), or null when the business sends links only.
 */
type ComposedMail = { mail: ReturnType<typeof sendDocumentEmailRequestSchema.parse>; pdf: RenderedPdf | 'at-send' | null };

/** When the PDF of a send made inside a caller's transaction is rendered: there, or when the outbox sends the mail. */
export type PdfTiming = 'in-transaction' | 'at-send';

const notFoundAsNull = (error: unknown): null => {
  if (error instanceof AppError && error.status === 404) return null;
  throw error;
};

/** A public page: the kind's view of the document, the issuing business, the PDF's address. */
export type PublicPage<View> = View & { business: { name: string; logo_url: string | null }; pdf_url: string };

type Issuer = { business: repo.IssuingBusiness; settings: ResolvedBusinessSettings };

/** An issuer about to draw a document: with the layout of the document's PDF template. */
type PdfIssuer = Issuer & { layout: PdfLayout };

/** A file name that survives any Content-Disposition parser: 'INV-000001.pdf'. */
export function pdfFilename(number: string): string {
  return `${number.replace(/[^\w.-]+/g, '_') || 'document'}.pdf`;
}

/**
 * PDFs, mail and public links of one kind of document. The kind's rules stay in its own
 * service; this core only reads through the adapter and applies its 'send' transition.
 */
export function createDocumentDelivery<Document extends DeliverableDocument, View>(app: AppContext, adapter: DeliveryAdapter<Document, View>) {
  async function issuerIn(tx: Tx, tenantId: string, businessId: string): Promise<Issuer> {
    const business = await repo.findIssuingBusiness(tx, tenantId, businessId);
    if (!business) throw AppError.notFound();
    return { business, settings: businessSettingsOf(business.id, business.settings) };
  }

  const issuer = (tenantId: string, businessId: string) => inTenant(app.db, tenantId, (tx) => issuerIn(tx, tenantId, businessId));

  async function pdfIssuerIn(tx: Tx, tenantId: string, businessId: string, document: Document): Promise<PdfIssuer> {
    return { ...(await issuerIn(tx, tenantId, businessId)), layout: await pdfLayoutFor(tx, tenantId, adapter.kind, document.template_name) };
  }

  const pdfIssuer = (tenantId: string, businessId: string, document: Document) => inTenant(app.db, tenantId, (tx) => pdfIssuerIn(tx, tenantId, businessId, document));

  /** Only bytes we hold go into a PDF: the logo is read from storage, never fetched. */
  async function logoOf(logo: string | null): Promise<PdfLogo | null> {
    if (!logo?.startsWith(FILES_PREFIX)) return null;
    const bytes = await app.storage.get(logo.slice(FILES_PREFIX.length));
    const kind = bytes ? sniffImage(bytes) : null;
    if (!bytes || !kind || kind.ext === 'gif') return null;
    return { bytes, mime: kind.ext === 'png' ? 'image/png' : 'image/jpeg' };
  }

  async function render(document: Document, { business, settings, layout }: PdfIssuer): Promise<RenderedPdf> {
    const logo = await logoOf(business.logo);
    const model = toPdfModel(adapter, document, business, settings, layout, logo);
    const filename = pdfFilename(model.number);
    try {
      return { bytes: await renderDocumentPdf(model), filename };
    } catch (error) {
      // The upload check reads only magic bytes: a damaged image must not block every document of the business.
      if (!logo) throw error;
      return { bytes: await renderDocumentPdf({ ...model, business: { ...model.business, logo: null } }), filename };
    }
  }

  /** The outbox's name for this kind's PDF made at send: 'payment-pdf'. */
  const pdfAttachmentKind = `${adapter.kind}-pdf`;

  /**
   * The PDF of a mail the outbox is sending, in its transaction (the mail's tenant): the issuing
   * business's document as it is now; null when it is gone (deleted since the mail was written).
   */
  async function pdfAtSend(tx: Tx, scope: BusinessScope, id: string): Promise<MailFile | null> {
    const document = await adapter.getInTx(tx, scope, id).catch(notFoundAsNull);
    if (!document || document.business.id !== scope.businessId) return null;
    const issuing = await pdfIssuerIn(tx, scope.tenantId, scope.businessId, document).catch(notFoundAsNull);
    if (!issuing) return null;
    const pdf = await render(document, issuing);
    return { filename: pdf.filename, contentType: 'application/pdf', content: pdf.bytes };
  }
  app.outbox.attachmentRenderers.register(pdfAttachmentKind, pdfAtSend);

  const read = (scope: BusinessScope, id: string) => inTenant(app.db, scope.tenantId, (tx) => adapter.getInTx(tx, scope, id));

  /** Only the issuing business sends or links its document; to anyone else it is not found. */
  async function ownIn(tx: Tx, scope: BusinessScope, id: string): Promise<Document> {
    const document = await adapter.getInTx(tx, scope, id);
    if (document.business.id !== scope.businessId) throw AppError.notFound();
    return document;
  }

  const own = (scope: BusinessScope, id: string) => inTenant(app.db, scope.tenantId, (tx) => ownIn(tx, scope, id));

  function placeholderValues(document: Document, business: repo.IssuingBusiness): Record<string, string> {
    const dates = adapter.dates(document);
    return {
      business: business.name,
      customer: adapter.recipient(document).name,
      number: adapter.number(document),
      amount: formatMoney(adapter.amount(document), moneyFormatOf(document.currency_id)),
      due_date: dates.due_date ? formatDocumentDate(dates.due_date) : '',
      expiry_date: dates.expiry_date ? formatDocumentDate(dates.expiry_date) : '',
    };
  }

  function preview(document: Document, { business, settings }: Issuer, request: DeliveryRequest): DocumentEmailPreview {
    // {link} stays in the text: the link is only made when the mail is sent.
    const values = placeholderValues(document, business);
    const template = adapter.mailTemplate(settings, document);
    return {
      to: adapter.recipient(document).email,
      reply_to: business.email ?? request.userEmail,
      subject: fillPlaceholders(template.subject, values),
      body: fillPlaceholders(template.body, values),
      send_as_attachment: adapter.attachesPdf(settings),
    };
  }

  async function issueLinkInTx(tx: Tx, actor: AuditActor, scope: BusinessScope, document: Document, settings: ResolvedBusinessSettings, origin: string): Promise<PublicLinkResponse> {
    const documentId = document.id;
    const token = randomToken();
    const expiresAt = settings.link_expiry_enabled ? new Date(app.clock.now().getTime() + settings.link_expiry_days * DAY_MS) : null;
    const link = await repo.insertPublicLink(tx, { tenantId: scope.tenantId, id: newId(), businessId: scope.businessId, model: adapter.kind, documentId, tokenHash: sha256(token), expiresAt });
    await recordAudit(tx, actor, { model: 'public_link', modelId: link.id, label: adapter.number(document), action: 'created', after: { model: adapter.kind, document_id: documentId, expires_at: expiresAt } });
    return { url: `${origin}/public/${adapter.plural}/view/${token}`, expires_at: expiresAt?.toISOString() ?? null };
  }

  async function compose(document: Document, issuing: PdfIssuer, input: SendDocumentEmailRequest, timing: PdfTiming = 'in-transaction'): Promise<ComposedMail> {
    const mail = sendDocumentEmailRequestSchema.parse(input);
    if (!adapter.attachesPdf(issuing.settings)) return { mail, pdf: null };
    return { mail, pdf: timing === 'at-send' ? 'at-send' : await render(document, issuing) };
  }

  /** The previewed mail as a send request; without a recipient address there is nothing to send. */
  function defaultMail(document: Document, issuing: Issuer, request: DeliveryRequest): SendDocumentEmailRequest {
    const defaults = preview(document, issuing, request);
    if (!defaults.to) throw AppError.validation('to', messages.customerEmailMissing);
    return { to: defaults.to, reply_to: defaults.reply_to, subject: defaults.subject, body: defaults.body, notify_admin: false };
  }

  /** The send itself, in the caller's transaction: the 'send' transition, a new public link and the mail in the outbox. */
  async function sendInTx(tx: Tx, actor: AuditActor, scope: BusinessScope, document: Document, issuing: Issuer, { mail, pdf }: ComposedMail, request: DeliveryRequest): Promise<SentInTx<Document>> {
    const values = placeholderValues(document, issuing.business);
    const updated = await adapter.recordSentInTx(tx, actor, scope, document);
    const link = await issueLinkInTx(tx, actor, scope, document, issuing.settings, request.origin);
    const filled = { ...values, link: link.url };
    // The sender's subject and message (the business's defaults, edited in the dialog) inside the tenant's template for this kind.
    const templated = await templatedMail(tx, scope.tenantId, `${adapter.kind}_mail`, {
      to: mail.to,
      replyTo: mail.reply_to ?? null,
      variables: {
        business_name: values.business,
        customer_name: values.customer,
        document_number: values.number,
        amount: values.amount,
        ...(adapter.kind === 'payment' ? {} : { date: values.due_date || values.expiry_date }),
        subject: fillPlaceholders(mail.subject, filled),
        message: fillPlaceholders(mail.body, filled),
        link: link.url,
      },
      // The public link opens the customer's documents to whoever holds it.
      secrets: [link.url],
    });
    const mailId = await app.outbox.write(tx, scope.tenantId, {
      ...templated,
      cc: [templated.cc, mail.notify_admin ? request.userEmail : null].filter((address) => address).join(', ') || null,
      // Without the PDF the link is the only way to the document, so it is never left out.
      text: pdf || templated.text.includes(link.url) ? templated.text : `${templated.text}\n\n${link.url}`,
      attachments: pdf && pdf !== 'at-send' ? [{ filename: pdf.filename, contentType: 'application/pdf', content: pdf.bytes }] : [],
      attachmentsAtSend: pdf === 'at-send' ? [{ kind: pdfAttachmentKind, id: document.id, businessId: scope.businessId }] : [],
      businessId: scope.businessId,
    });
    return { document: updated, mailId };
  }

  /** A send from a request: the PDF is rendered before the transaction, so no lock waits on it; the mail is dispatched after commit. */
  async function send(actor: AuditActor, scope: BusinessScope, document: Document, issuing: PdfIssuer, input: SendDocumentEmailRequest, request: DeliveryRequest): Promise<SentDocument<Document>> {
    const composed = await compose(document, issuing, input);
    const sent = await inTenant(app.db, scope.tenantId, async (tx) => {
      const written = await sendInTx(tx, actor, scope, document, issuing, composed, request);
      return { ...written, held: await app.outbox.isHeld(tx, scope.tenantId, written.mailId) };
    });
    const mail: SentMail = sent.held ? { status: 'held', held_reason: 'no_mail_server' } : { status: 'queued', held_reason: null };
    return { data: sent.document, mail };
  }

  /** The link behind a token, if it exists for this kind in this tenant and has not expired. */
  async function linkedDocument(tenantId: string, token: string): Promise<Document> {
    const link = await inTenant(app.db, tenantId, (tx) => repo.findPublicLink(tx, tenantId, adapter.kind, sha256(token)));
    const expired = link?.expiresAt && link.expiresAt.getTime() <= app.clock.now().getTime();
    const document = link && !expired ? await adapter.getForRecipient(tenantId, link.documentId) : null;
    if (!document) throw AppError.notFound(adapter.missingMessage);
    return document;
  }

  return {
    kind: adapter.kind,

    /** For the issuing business and, once it is no draft, the receiving one. */
    async pdf(scope: BusinessScope, id: string): Promise<RenderedPdf> {
      const document = await read(scope, id);
      return render(document, await pdfIssuer(scope.tenantId, document.business.id, document));
    },

    async previewEmail(scope: BusinessScope, id: string, request: DeliveryRequest): Promise<DocumentEmailPreview> {
      const document = await own(scope, id);
      return preview(document, await issuer(scope.tenantId, scope.businessId), request);
    },

    async sendEmail(actor: AuditActor, scope: BusinessScope, id: string, input: SendDocumentEmailRequest, request: DeliveryRequest): Promise<SentDocument<Document>> {
      const document = await own(scope, id);
      return send(actor, scope, document, await pdfIssuer(scope.tenantId, scope.businessId, document), input, request);
    },

    /** Before saving with 'send': a customer without an address could not receive it, so nothing is saved. */
    async checkRecipient(scope: BusinessScope, customerId: string): Promise<void> {
      const customer = await inTenant(app.db, scope.tenantId, (tx) => findCustomer(tx, scope, customerId));
      if (customer && !customer.email) throw AppError.validation('customer_id', messages.customerEmailMissing);
    },

    /** Sending straight from the create/edit form: the previewed mail, unchanged. */
    async sendWithDefaults(actor: AuditActor, scope: BusinessScope, id: string, request: DeliveryRequest): Promise<SentDocument<Document>> {
      const document = await own(scope, id);
      const issuing = await pdfIssuer(scope.tenantId, scope.businessId, document);
      return send(actor, scope, document, issuing, defaultMail(document, issuing, request), request);
    },

    /**
     * sendWithDefaults inside the caller's transaction, for a job that makes a document and sends it
     * in one commit; the caller dispatches `mailId` after commit. The PDF is rendered there (the
     * job's locks wait for it, no user does), or with 'at-send' by the outbox when it sends the mail
     * (a booking that must not hold its locks for a PDF). A refused send throws what the request
     * path answers with 422 (an AppError, or the contract's ZodError).
     */
    async sendWithDefaultsInTx(tx: Tx, actor: AuditActor, scope: BusinessScope, id: string, request: DeliveryRequest, timing: PdfTiming = 'in-transaction'): Promise<SentInTx<Document>> {
      const document = await ownIn(tx, scope, id);
      const issuing = await pdfIssuerIn(tx, scope.tenantId, scope.businessId, document);
      const composed = await compose(document, issuing, defaultMail(document, issuing, request), timing);
      return sendInTx(tx, actor, scope, document, issuing, composed, request);
    },

    async createLink(actor: AuditActor, scope: BusinessScope, id: string, request: DeliveryRequest): Promise<PublicLinkResponse> {
      const document = await own(scope, id);
      return inTenant(app.db, scope.tenantId, async (tx) => {
        const { settings } = await issuerIn(tx, scope.tenantId, scope.businessId);
        return issueLinkInTx(tx, actor, scope, document, settings, request.origin);
      });
    },

    /** The public page; opening it is recorded (invoices and estimates become viewed). */
    async publicDocument(tenantId: string, token: string): Promise<PublicPage<View>> {
      const document = await adapter.opened(tenantId, await linkedDocument(tenantId, token));
      const { business, view } = await inTenant(app.db, tenantId, async (tx) => ({
        ...(await issuerIn(tx, tenantId, document.business.id)),
        view: await adapter.publicView(document, tx, tenantId),
      }));
      return {
        ...view,
        business: { name: business.name, logo_url: business.logo },
        pdf_url: `/api/v1/public/${adapter.plural}/${token}/pdf`,
      };
    },

    async publicPdf(tenantId: string, token: string): Promise<RenderedPdf> {
      const document = await linkedDocument(tenantId, token);
      return render(document, await pdfIssuer(tenantId, document.business.id, document));
    },

    /** The document a valid token points to (for the kind's own public actions, e.g. approving an estimate). */
    async publicDocumentId(tenantId: string, token: string): Promise<string> {
      return (await linkedDocument(tenantId, token)).id;
    },
  };
}

export type DocumentDelivery<Document extends DeliverableDocument, View = unknown> = ReturnType<typeof createDocumentDelivery<Document, View>>;
