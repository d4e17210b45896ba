import { z } from 'zod';
import { emailSchema, optionalText255 } from './common';
import { blankToNull } from './address';
import { text } from './fields';
import { messages } from './messages';

/**
 * Email templates (spec: admin email-templates; Email template: subject, body, category, cc, bcc,
 * from name, from email, active). Each mail the product sends from a template has a key here,
 * the variables its template may use (with the sample values of the preview) and its built-in
 * subject and body. A tenant's admin may replace subject and body, written in Liquid: text with
 * `{{ variable }}` and tags, rendered sandboxed (no files, strict variables, limits on size and
 * time). The body is plain text in paragraphs; the HTML part is made from it, with the mail's
 * button, by the product's responsive layout.
 */
export const emailTemplateCategories = ['documents', 'account', 'notifications'] as const;
export type EmailTemplateCategory = (typeof emailTemplateCategories)[number];

export type EmailTemplateVariable = { name: string; description: string; sample: unknown };

export type EmailTemplateDefinition = {
  name: string;
  category: EmailTemplateCategory;
  description: string;
  variables: readonly EmailTemplateVariable[];
  subject: string;
  body: string;
  /** The button of the HTML part: its label, and the variable holding its link. */
  action: { label: string; urlVariable: string } | null;
};

const v = (name: string, description: string, sample: unknown): EmailTemplateVariable => ({ name, description, sample });
const appName = v('app_name', 'The name of the platform (the tenant’s name).', 'Ledgerline');

/**
 * A document a business sends: the subject and message its sender chose (prefilled from the
 * business's own defaults, invoice settings) stay the business's; the tenant's template frames them.
 */
function documentMail(kind: 'invoice' | 'estimate' | 'payment', name: string, action: string, samples: { number: string; date?: string }): EmailTemplateDefinition {
  return {
    name,
    category: 'documents',
    description: `What a business sends its customer with ${kind === 'payment' ? 'the receipt of a payment' : `an ${kind}`}. The subject and message come from the business's send dialog (its defaults are set in its settings).`,
    variables: [
      appName,
      v('business_name', 'The business that sends it.', 'Acme Ltd'),
      v('customer_name', 'The customer it is sent to.', 'Globex Corporation'),
      v('document_number', `The ${kind}'s number.`, samples.number),
      v('amount', kind === 'payment' ? 'The amount paid.' : 'The total, in its currency.', '$350.00'),
      ...(kind === 'payment' ? [] : [v('date', kind === 'invoice' ? 'The due date (empty without one).' : 'The expiry date (empty without one).', samples.date)]),
      v('subject', 'The subject the sender chose.', `${kind === 'payment' ? 'Receipt' : kind === 'invoice' ? 'Invoice' : 'Estimate'} ${samples.number} from Acme Ltd`),
      v('message', 'The message the sender wrote, with its link when it has one.', 'Dear Globex Corporation,\n\nPlease find the document attached.'),
      v('link', `The link that opens the ${kind} without signing in.`, `https://app.example.com/public/${kind}s/view/••••••`),
    ],
    subject: '{{ subject }}',
    body: '{{ message }}',
    action: { label: action, urlVariable: 'link' },
  };
}

export const emailTemplateKeys = ['invoice_mail', 'estimate_mail', 'payment_mail', 'payment_reminder', 'user_invitation', 'password_reset', 'email_verification', 'business_notification'] as const;
export type EmailTemplateKey = (typeof emailTemplateKeys)[number];

export const emailTemplateCatalogue: Record<EmailTemplateKey, EmailTemplateDefinition> = {
  invoice_mail: documentMail('invoice', 'Invoice', 'View invoice', { number: 'INV-000042', date: '30 Nov 2026' }),
  estimate_mail: documentMail('estimate', 'Estimate', 'View estimate', { number: 'EST-000007', date: '15 Dec 2026' }),
  payment_mail: documentMail('payment', 'Payment receipt', 'View receipt', { number: 'PAY-000009' }),
  payment_reminder: {
    name: 'Payment reminder',
    category: 'documents',
    description: 'Sent to a customer by a business’s payment reminder rules (settings → payment reminders), before, on or after an invoice’s due date.',
    variables: [
      appName,
      v('business_name', 'The business that reminds.', 'Acme Ltd'),
      v('customer_name', 'The customer reminded.', 'Globex Corporation'),
      v('document_number', 'The invoice’s number.', 'INV-000042'),
      v('total', 'The invoice’s total, in its currency.', '$350.00'),
      v('amount_due', 'What is still due.', '$150.00'),
      v('due_date', 'The due date.', '30 Nov 2026'),
      v('due_phrase', 'When it is due, as a phrase: “is due on …”, “is due today” or “was due on …”.', 'was due on 30 Nov 2026'),
      v('overdue', 'Whether the due date has passed (true or false).', true),
    ],
    subject: 'Payment reminder: invoice {{ document_number }} {% if overdue %}is overdue{% else %}{{ due_phrase }}{% endif %}',
    body: 'Dear {{ customer_name }},\n\nThis is a reminder from {{ business_name }}: invoice {{ document_number }} for {{ total }} {{ due_phrase }}. The amount still due is {{ amount_due }}.\n\nIf you have already paid, please disregard this message.\n\nThank you,\n{{ business_name }}',
    action: null,
  },
  user_invitation: {
    name: 'Invitation',
    category: 'account',
    description: 'Asks someone to join a business, the internal team or a new tenant, and to choose a password.',
    variables: [
      appName,
      v('invitation_subject', 'The subject the inviting screen chose.', 'Join Acme Ltd on Ledgerline'),
      v('invitation_message', 'Who invites the person to what, as the inviting screen wrote it.', 'Ada Lovelace invited you to join Acme Ltd as accountant.'),
      v('accept_url', 'The single-use link that accepts the invitation.', 'https://app.example.com/accept-user-invitation/••••••'),
      v('expires_in_days', 'How many days the link works.', 7),
    ],
    subject: '{{ invitation_subject }}',
    body: '{{ invitation_message }}\n\nAccept the invitation: {{ accept_url }}\n\nThe link expires in {{ expires_in_days }} days.',
    action: { label: 'Accept invitation', urlVariable: 'accept_url' },
  },
  password_reset: {
    name: 'Password reset',
    category: 'account',
    description: 'Sent when someone asks to reset the password of an account.',
    variables: [
      appName,
      v('reset_url', 'The single-use link to choose a new password.', 'https://app.example.com/reset-password/••••••'),
      v('expires_in_minutes', 'How many minutes the link works.', 60),
    ],
    subject: 'Reset your password',
    body: 'Someone asked to reset the password of your account. If it was you, open this link:\n\n{{ reset_url }}\n\nThe link expires in {{ expires_in_minutes }} minutes. If it was not you, ignore this mail.',
    action: { label: 'Reset password', urlVariable: 'reset_url' },
  },
  email_verification: {
    name: 'Email verification',
    category: 'account',
    description: 'Asks a new user to confirm their email address.',
    variables: [
      appName,
      v('verify_url', 'The single-use link that confirms the address.', 'https://app.example.com/verify-user?token=••••••'),
      v('expires_in_hours', 'How many hours the link works.', 24),
    ],
    subject: 'Verify your email address',
    body: 'Please confirm your email address by opening this link:\n\n{{ verify_url }}\n\nThe link expires in {{ expires_in_hours }} hours.',
    action: { label: 'Verify email', urlVariable: 'verify_url' },
  },
  business_notification: {
    name: 'Business notification',
    category: 'notifications',
    description: 'Tells the addresses a business chose (settings → notifications) of one of its events.',
    variables: [
      appName,
      v('business_name', 'The business the event happened in.', 'Acme Ltd'),
      v('event_type', 'The event, as the webhook catalogue names it.', 'invoice.paid'),
      v('headline', 'What happened, in one line.', 'Invoice INV-000042 is paid'),
      v('details', 'What happened, as sentences (a list).', ['Globex has paid invoice INV-000042 in full: $350.00.']),
    ],
    subject: '{{ business_name }}: {{ headline }}',
    body: '{{ business_name }}:\n\n{% for line in details %}{{ line }}\n{% endfor %}\nSign in to see the details.\n\nYou receive this because {{ business_name }} chose to email you about it. Who is told of what is set in Settings → Notifications.',
    action: null,
  },
};

export const emailTemplateKeySchema = z.enum(emailTemplateKeys);
export const emailTemplateParamsSchema = z.object({ id: emailTemplateKeySchema });

/** Longest subject and body an admin may save: a template is a mail, not a document. */
export const EMAIL_TEMPLATE_SUBJECT_MAX = 255;
export const EMAIL_TEMPLATE_BODY_MAX = 20_000;

const optionalEmail = z.preprocess(blankToNull, emailSchema.nullish());

export const emailTemplateRequestSchema = z.object({
  subject: text({ error: messages.required }).trim().min(1, messages.required).max(EMAIL_TEMPLATE_SUBJECT_MAX, messages.maxLength255),
  body: text({ error: messages.required }).min(1, messages.required).max(EMAIL_TEMPLATE_BODY_MAX, messages.templateTooLong),
  cc: optionalEmail,
  bcc: optionalEmail,
  from_name: z.preprocess(blankToNull, optionalText255),
  /** Replies go here: mail still leaves from the tenant's mail account, so it stays deliverable. */
  from_email: optionalEmail,
  active: z.boolean(),
});
export type EmailTemplateRequest = z.input<typeof emailTemplateRequestSchema>;

export const emailTemplateVariableResourceSchema = z.object({ name: z.string(), description: z.string(), sample: z.unknown() });

export const emailTemplateResourceSchema = z.object({
  id: emailTemplateKeySchema,
  name: z.string(),
  category: z.enum(emailTemplateCategories),
  description: z.string(),
  variables: z.array(emailTemplateVariableResourceSchema),
  subject: z.string(),
  body: z.string(),
  cc: z.string().nullable(),
  bcc: z.string().nullable(),
  from_name: z.string().nullable(),
  from_email: z.string().nullable(),
  /** Whether the tenant's own subject and body are used (false: the built-in ones). */
  active: z.boolean(),
  /** Whether the tenant changed the template at all. */
  customized: z.boolean(),
  updated_at: z.string().nullable(),
});
export type EmailTemplateResource = z.infer<typeof emailTemplateResourceSchema>;
export const emailTemplateListResponseSchema = z.object({ data: z.array(emailTemplateResourceSchema) });

export const emailTemplatePreviewRequestSchema = emailTemplateRequestSchema.pick({ subject: true, body: true });
export type EmailTemplatePreviewRequest = z.input<typeof emailTemplatePreviewRequestSchema>;
export const emailTemplatePreviewResourceSchema = z.object({ subject: z.string(), text: z.string(), html: z.string() });
export type EmailTemplatePreview = z.infer<typeof emailTemplatePreviewResourceSchema>;
