import { and, count, desc, eq, inArray, lt, min, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AppDb, Tx } from '../db/client';
import { afterCommit, inTenant } from '../db/tenant-tx';
import { type MailAttachment, outbox } from '../db/schema';
import type { Clock } from './clock';
import { type SecretBox, newId } from './crypto';
import { type JobQueue, periodicJob } from './jobs';
import type { MailTransport } from './mail';
import { maskDeclaredSecrets, maskSecretsInText } from './redaction';
import type { Mailer, TenantMailers } from './tenant-mail';

export const DELIVER_MAIL_JOB = 'outbox-deliver';
export const SWEEP_OUTBOX_JOB = 'outbox-sweep';
const MAX_ATTEMPTS = 6;

/** Mail not delivered yet, across tenants (for metrics): counts by status and the age of the oldest pending one. */
export type MailBacklog = { pending: number; held: number; failed: number; oldestPendingSeconds: number | null };

/** A stored mail as anyone may read it back: never the sealed deliverable content. */
export type OutboxRow = Omit<typeof outbox.$inferSelect, 'sealedContent'>;

const readableColumns = {
  tenantId: outbox.tenantId,
  id: outbox.id,
  to: outbox.to,
  subject: outbox.subject,
  text: outbox.text,
  html: outbox.html,
  replyTo: outbox.replyTo,
  cc: outbox.cc,
  bcc: outbox.bcc,
  fromName: outbox.fromName,
  businessId: outbox.businessId,
  attachments: outbox.attachments,
  status: outbox.status,
  attempts: outbox.attempts,
  lastError: outbox.lastError,
  createdAt: outbox.createdAt,
  sentAt: outbox.sentAt,
};

/** A file as it goes out with a mail. */
export type MailFile = { filename: string; contentType: string; content: Buffer };

/** What an attachment made at send time is made from: a record of one business of the mail's tenant. */
export type AttachmentAtSend = { kind: string; id: string; businessId: string };

/**
 * Makes one kind of attachment when its mail is sent, in the sending transaction (so as the mail's
 * tenant, under its row-level security): the record as it is then. Null when the record is gone:
 * the mail is then not sent, as it would speak of something that no longer exists.
 */
export type AttachmentRenderer = (tx: Tx, scope: { tenantId: string; businessId: string }, id: string) => Promise<MailFile | null>;

/** A mail that can never be sent as written (what it attaches is gone): recorded as failed, not retried by the queue. */
export class UndeliverableMail extends Error {}

/** The renderers of attachments made at send time, by kind; the modules that own the records register them. */
export class AttachmentRenderers {
  private readonly byKind = new Map<string, AttachmentRenderer>();

  /** Every delivery built on one app context registers the same renderer for its kind: the last one stands. */
  register(kind: string, renderer: AttachmentRenderer): void {
    this.byKind.set(kind, renderer);
  }

  async render(tx: Tx, tenantId: string, attachment: AttachmentAtSend): Promise<MailFile> {
    const renderer = this.byKind.get(attachment.kind);
    // A process that sends mail without the module that owns the kind: the queue retries, a process that has it may send it.
    if (!renderer) throw new Error(`No renderer for ${attachment.kind} attachments in this process`);
    const file = await renderer(tx, { tenantId, businessId: attachment.businessId }, attachment.id);
    if (!file) throw new UndeliverableMail(`The ${attachment.kind} attachment cannot be made: its record no longer exists.`);
    return file;
  }
}

export type MailDraft = {
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  replyTo?: string | null;
  cc?: string | null;
  bcc?: string | null;
  /** The sender's display name (an email template's); the address stays the mail account's. */
  fromName?: string | null;
  attachments?: MailFile[];
  /** Attachments made when the mail is sent, after the files of `attachments`. */
  attachmentsAtSend?: AttachmentAtSend[];
  /** The business whose mail it is: sent through its own mail server when it has one, else the tenant's. */
  businessId?: string | null;
  /**
   * Every one-time token and link secret the subject, text or html carries (`[]` when none).
   * Required, so no writer can forget it: these values are masked in the stored readable copy.
   */
  secrets: readonly string[];
};

const MIN_SECRET_LENGTH = 16;
const sealedContentSchema = z.object({ subject: z.string(), text: z.string(), html: z.string().nullable() });
type MailContent = z.infer<typeof sealedContentSchema>;

/** The copy kept for people to read: declared secrets and anything shaped like one masked. */
function readableCopy(content: MailContent, secrets: readonly string[]): MailContent {
  return {
    subject: maskDeclaredSecrets(content.subject, secrets),
    text: maskDeclaredSecrets(content.text, secrets),
    html: content.html === null ? null : maskDeclaredSecrets(content.html, secrets),
  };
}

/** The stored attachments: files as written, base64 encoded, then what to make at send; null when none. */
function attachmentsOf(mail: MailDraft): MailAttachment[] | null {
  const stored: MailAttachment[] = (mail.attachments ?? []).map((file) => ({ filename: file.filename, content_type: file.contentType, content_base64: file.content.toString('base64') }));
  const atSend: MailAttachment[] = (mail.attachmentsAtSend ?? []).map((file) => ({ render: file.kind, id: file.id, business_id: file.businessId }));
  const all = [...stored, ...atSend];
  return all.length > 0 ? all : null;
}

/**
 * Mail is written to the outbox in the caller's transaction (a rolled-back change sends nothing)
 * and handed to the job queue after commit. Each tenant's mail goes through its own SMTP when it
 * configured one, else through the environment's; with neither it is held until one exists.
 *
 * Two copies are kept. The readable one (subject, text, html) has every one-time token and
 * document link masked, so nobody reading the outbox or the table can use them. The deliverable
 * one is sealed with APP_KEY and erased once the mail is sent: the token reaches the recipient's
 * mailbox and no other place.
 *
 * An attachment may be named instead of stored (a payment's receipt PDF): it is made when the mail
 * is sent, in the mail's tenant, by the renderer its owning module registered, so the transaction
 * that writes the mail (booking a payment, under the business's number lock) does not wait for a
 * PDF. Each attempt makes it again from the record as it then is.
 */
export class Outbox {
  constructor(
    private readonly db: AppDb,
    private readonly jobs: JobQueue,
    private readonly transport: MailTransport | null,
    private readonly from: string,
    private readonly clock: Clock,
    private readonly secretBox: SecretBox,
    private readonly tenantMailers: TenantMailers | null = null,
    readonly attachmentRenderers: AttachmentRenderers = new AttachmentRenderers(),
  ) {}

  /** The files a stored mail goes out with: those stored as they were written, and those made now. */
  private async filesOf(tx: Tx, tenantId: string, attachments: readonly MailAttachment[]): Promise<MailFile[]> {
    const files: MailFile[] = [];
    for (const file of attachments) {
      if ('render' in file) files.push(await this.attachmentRenderers.render(tx, tenantId, { kind: file.render, id: file.id, businessId: file.business_id }));
      else files.push({ filename: file.filename, contentType: file.content_type, content: Buffer.from(file.content_base64, 'base64') });
    }
    return files;
  }

  /** The business's own mailer (for its mail), else the tenant's, else the environment's, else null (mail is held). */
  async mailerFor(tx: Tx, tenantId: string, businessId: string | null = null): Promise<Mailer | null> {
    const business = this.tenantMailers && businessId ? await this.tenantMailers.lookupBusiness(tx, tenantId, businessId) : null;
    if (business) return business;
    const own = this.tenantMailers ? await this.tenantMailers.lookup(tx, tenantId) : null;
    if (own) return own;
    return this.transport ? { transport: this.transport, from: this.from } : null;
  }

  /** The mailer of a stored mail: its business's, else its tenant's. */
  private async mailerForMail(tx: Tx, tenantId: string, id: string): Promise<Mailer | null> {
    const rows = await tx.select({ businessId: outbox.businessId }).from(outbox).where(and(eq(outbox.tenantId, tenantId), eq(outbox.id, id))).limit(1);
    return this.mailerFor(tx, tenantId, rows[0]?.businessId ?? null);
  }

  /** After a tenant changed its email configuration. */
  forgetTenantMailer(tenantId: string): void {
    this.tenantMailers?.forget(tenantId);
  }

  /** After a business changed its email configuration. */
  forgetBusinessMailer(tenantId: string, businessId: string): void {
    this.tenantMailers?.forgetBusiness(tenantId, businessId);
  }

  async write(tx: Tx, tenantId: string, mail: MailDraft): Promise<string> {
    if (mail.secrets.some((secret) => secret.length < MIN_SECRET_LENGTH)) throw new Error(`A mail secret must be at least ${MIN_SECRET_LENGTH} characters`);
    const id = newId();
    const content: MailContent = { subject: mail.subject, text: mail.text, html: mail.html ?? null };
    await tx.insert(outbox).values({
      tenantId,
      id,
      to: mail.to,
      ...readableCopy(content, mail.secrets),
      sealedContent: this.secretBox.seal(JSON.stringify(content)),
      replyTo: mail.replyTo ?? null,
      cc: mail.cc ?? null,
      bcc: mail.bcc ?? null,
      fromName: mail.fromName ?? null,
      businessId: mail.businessId ?? null,
      attachments: attachmentsOf(mail),
      status: (await this.mailerFor(tx, tenantId, mail.businessId ?? null)) ? 'pending' : 'held',
    });
    // Sent as soon as the transaction commits; should the dispatch fail, the sweep sends it.
    afterCommit(tx, () => this.dispatch(tenantId, id).catch(() => undefined));
    return id;
  }

  /** Whether a mail just written waits in the outbox because no mail server is configured, as its stored status says. */
  async isHeld(tx: Tx, tenantId: string, id: string): Promise<boolean> {
    const rows = await tx.select({ status: outbox.status }).from(outbox).where(and(eq(outbox.tenantId, tenantId), eq(outbox.id, id))).limit(1);
    return rows[0]?.status === 'held';
  }

  /** Queues the mail's delivery: `write` does it once its transaction commits; a retry of a failed mail calls it itself. */
  async dispatch(tenantId: string, id: string): Promise<void> {
    if (!this.transport) {
      if (!this.tenantMailers) return;
      const mailer = await inTenant(this.db, tenantId, (tx) => this.mailerForMail(tx, tenantId, id));
      if (!mailer) return;
    }
    await this.jobs.send(DELIVER_MAIL_JOB, { tenantId, id }, { singletonKey: id });
  }

  async register(): Promise<void> {
    await this.jobs.register(DELIVER_MAIL_JOB, async (data) => {
      const tenantId = typeof data.tenantId === 'string' ? data.tenantId : null;
      const id = typeof data.id === 'string' ? data.id : null;
      if (tenantId && id) await this.deliver(tenantId, id);
    });
  }

  async deliver(tenantId: string, id: string): Promise<void> {
    const failure = await inTenant(this.db, tenantId, async (tx) => {
      const rows = await tx
        .select()
        .from(outbox)
        .where(and(eq(outbox.tenantId, tenantId), eq(outbox.id, id), inArray(outbox.status, ['pending', 'failed'])))
        .for('update', { skipLocked: true });
      const mail = rows[0];
      if (!mail) return null;
      const mailer = await this.mailerFor(tx, tenantId, mail.businessId);
      if (!mailer) return null;
      try {
        // Mail written before contents were sealed is sent as stored. A copy sealed under another APP_KEY fails here, recorded like a refused send.
        const content = mail.sealedContent ? sealedContentSchema.parse(JSON.parse(this.secretBox.open(mail.sealedContent))) : { subject: mail.subject, text: mail.text, html: mail.html };
        await mailer.transport.send({
          from: mailer.from,
          to: mail.to,
          ...content,
          replyTo: mail.replyTo,
          cc: mail.cc,
          bcc: mail.bcc,
          fromName: mail.fromName,
          attachments: await this.filesOf(tx, tenantId, mail.attachments ?? []),
        });
        await tx
          .update(outbox)
          .set({ status: 'sent', sentAt: this.clock.now(), attempts: mail.attempts + 1, lastError: null, sealedContent: null, ...(mail.sealedContent ? {} : readableCopy(content, [])) })
          .where(and(eq(outbox.tenantId, tenantId), eq(outbox.id, id)));
        return null;
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        await tx.update(outbox).set({ status: 'failed', attempts: mail.attempts + 1, lastError: maskSecretsInText(message.slice(0, 1000)) }).where(and(eq(outbox.tenantId, tenantId), eq(outbox.id, id)));
        return mail.attempts + 1 < MAX_ATTEMPTS && !(error instanceof UndeliverableMail) ? error : null;
      }
    });
    // Rethrown after the failure is recorded so the queue retries with backoff.
    if (failure) throw failure;
  }

  /** Re-queues mail whose job was lost (a crash between commit and dispatch). Runs as the owner, across tenants. */
  async sweep(olderThanSeconds = 30): Promise<number> {
    if (!this.transport && !this.tenantMailers) return 0;
    const cutoff = new Date(this.clock.now().getTime() - olderThanSeconds * 1000);
    const rows = await this.db
      .select({ tenantId: outbox.tenantId, id: outbox.id })
      .from(outbox)
      .where(and(eq(outbox.status, 'pending'), lt(outbox.createdAt, cutoff)))
      .limit(500);
    for (const row of rows) await this.dispatch(row.tenantId, row.id);
    return rows.length;
  }

  /** One grouped read as the owner, across tenants, on the partial index of undelivered mail. */
  async backlog(): Promise<MailBacklog> {
    const rows = await this.db
      .select({ status: outbox.status, mails: count(), oldest: min(outbox.createdAt) })
      .from(outbox)
      .where(inArray(outbox.status, ['pending', 'held', 'failed']))
      .groupBy(outbox.status);
    const of = (status: OutboxRow['status']) => rows.find((row) => row.status === status);
    const oldestPending = of('pending')?.oldest ?? null;
    return {
      pending: of('pending')?.mails ?? 0,
      held: of('held')?.mails ?? 0,
      failed: of('failed')?.mails ?? 0,
      oldestPendingSeconds: oldestPending ? Math.max(0, (this.clock.now().getTime() - oldestPending.getTime()) / 1000) : null,
    };
  }

  async list(tx: Tx, tenantId: string, filter: { status?: OutboxRow['status'] | undefined; to?: string | undefined }, offset: number, limit: number) {
    const where = and(
      eq(outbox.tenantId, tenantId),
      filter.status ? eq(outbox.status, filter.status) : undefined,
      filter.to ? sql`lower(${outbox.to}) = ${filter.to.toLowerCase()}` : undefined,
    );
    const rows: OutboxRow[] = await tx.select(readableColumns).from(outbox).where(where).orderBy(desc(outbox.createdAt), desc(outbox.id)).offset(offset).limit(limit);
    const counted = await tx.select({ count: sql<number>`count(*)::int` }).from(outbox).where(where);
    return { rows, total: counted[0]?.count ?? 0 };
  }

  async retry(tx: Tx, tenantId: string, id: string): Promise<boolean> {
    const updated = await tx
      .update(outbox)
      .set({ status: (await this.mailerForMail(tx, tenantId, id)) ? 'pending' : 'held', lastError: null, attempts: sql`0` })
      .where(and(eq(outbox.tenantId, tenantId), eq(outbox.id, id), inArray(outbox.status, ['failed', 'held'])))
      .returning({ id: outbox.id });
    return updated.length > 0;
  }
}

/**
 * The sweep as a periodic job, so with several app processes one of them sweeps each interval. A
 * mail queued twice is still sent once: delivery locks its row and sends only pending or failed mail.
 */
export function createOutboxSweepJob(app: { outbox: Outbox; jobs: JobQueue }) {
  return periodicJob(app.jobs, SWEEP_OUTBOX_JOB, () => app.outbox.sweep(), 0);
}
