import nodemailer from 'nodemailer';
import type { Env } from '../env';

export type OutgoingAttachment = { filename: string; contentType: string; content: Buffer };
export type OutgoingMail = {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  replyTo?: string | null;
  cc?: string | null;
  bcc?: string | null;
  /** Shown as the sender's name; the address stays the mail account's (`from`). */
  fromName?: string | null;
  attachments?: OutgoingAttachment[];
};

/** The address of a `from` written 'Name <address>' or as a bare address. */
function addressOf(from: string): string {
  return /<([^<>]+)>\s*$/.exec(from)?.[1] ?? from.trim();
}

/** Something that hands a mail to an SMTP server and returns its answer. */
export type MailTransport = { send(mail: OutgoingMail): Promise<string>; close(): void };

export type SmtpSettings = {
  host: string;
  port: number;
  secure: boolean;
  /** STARTTLS is required (refuse to send in clear) or never attempted. */
  requireTls?: boolean;
  ignoreTls?: boolean;
  username?: string | undefined;
  password?: string | undefined;
  /** The name TLS checks the certificate against when `host` is an address. */
  servername?: string | undefined;
};

export function smtpTransport(settings: SmtpSettings): MailTransport {
  const transporter = nodemailer.createTransport({
    host: settings.host,
    port: settings.port,
    secure: settings.secure,
    requireTLS: settings.requireTls ?? false,
    ignoreTLS: settings.ignoreTls ?? false,
    ...(settings.servername ? { servername: settings.servername } : {}),
    ...(settings.username ? { auth: { user: settings.username, pass: settings.password ?? '' } } : {}),
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  return {
    async send(mail) {
      const info = await transporter.sendMail({
        from: mail.fromName ? { name: mail.fromName, address: addressOf(mail.from) } : mail.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        ...(mail.html ? { html: mail.html } : {}),
        ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
        ...(mail.cc ? { cc: mail.cc } : {}),
        ...(mail.bcc ? { bcc: mail.bcc } : {}),
        ...(mail.attachments?.length ? { attachments: mail.attachments.map((file) => ({ filename: file.filename, contentType: file.contentType, content: file.content })) } : {}),
      });
      return info.response;
    },
    close() {
      transporter.close();
    },
  };
}

export function transportFromEnv(env: Env): MailTransport | null {
  if (!env.MAIL_HOST) return null;
  return smtpTransport({
    host: env.MAIL_HOST,
    port: env.MAIL_PORT,
    secure: env.MAIL_SECURE,
    username: env.MAIL_USERNAME,
    password: env.MAIL_PASSWORD,
  });
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

type MailAction = { label: string; url: string };

function buttonHtml(action: MailAction): string {
  return `<p><a href="${escapeHtml(action.url)}" style="background:#4f46e5;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(action.label)}</a></p><p style="color:#666;font-size:12px">${escapeHtml(action.url)}</p>`;
}

function layoutHtml(heading: string, body: string): string {
  // The MIME part says UTF-8 too; the meta keeps it when a client saves or forwards the HTML alone.
  return `<!doctype html><html><head><meta charset="utf-8"></head><body style="font-family:Arial,sans-serif;color:#111"><h2>${escapeHtml(heading)}</h2>${body}</body></html>`;
}

/** A plain, escaped HTML rendering of a short message with one call to action. */
export function simpleMailHtml(heading: string, paragraphs: string[], action?: MailAction): string {
  return layoutHtml(heading, paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('') + (action ? buttonHtml(action) : ''));
}

/**
 * The HTML part of a mail written as text (an email template's body): its paragraphs escaped, and
 * the button where the text gives the action's link (the words before the link kept before it);
 * at the end when the text does not give it.
 */
export function textMailHtml(heading: string, text: string, action?: MailAction): string {
  let placed = false;
  const parts = text.split(/\n{2,}/).map((paragraph) => {
    if (!action || !paragraph.includes(action.url)) return `<p>${escapeHtml(paragraph)}</p>`;
    placed = true;
    // A link inside a sentence ("sign in at … with this address") stays: taking it out would break the sentence.
    if (/[\p{L}\p{N}]/u.test(paragraph.split(action.url).slice(1).join(''))) return `<p>${escapeHtml(paragraph)}</p>${buttonHtml(action)}`;
    const words = paragraph.split(action.url).join(' ').trim();
    return `${words ? `<p>${escapeHtml(words)}</p>` : ''}${buttonHtml(action)}`;
  });
  return layoutHtml(heading, parts.join('') + (action && !placed ? buttonHtml(action) : ''));
}
