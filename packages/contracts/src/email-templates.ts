import { z } from 'zod';
import { emailSchema, optionalText255 } from './common';
import { blankToNull } from './address';
import { text } from './fields';
import { messages } from './messages';
import { onlinePaymentMessages } from './online-payments';

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

export const emailTemplateKeys = [
  'invoice_mail',
  'estimate_mail',
  'payment_mail',
  'payment_reminder',
  'user_invitation',
  'password_reset',
  'email_verification',
  'sign_up_verification',
  'sign_up_account_exists',
  'email_change_confirmation',
  'email_change_address_taken',
  'email_change_requested',
  'email_changed',
  'business_notification',
  'business_network_invitation',
  'payment_claimed',
  'payment_claim_rejected',
  'bank_payment_failed',
  'auto_pay_failed',
  'loan_repayment',
  'webhook_disabled',
] as const;
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
  sign_up_verification: {
    name: 'Sign-up verification',
    category: 'account',
    description: 'Sent to someone who signs up with a new business: the link confirms the address and creates the account.',
    variables: [
      appName,
      v('verify_url', 'The single-use link that confirms the address and finishes the sign-up.', 'https://app.example.com/verify-user?token=••••••'),
      v('expires_in_hours', 'How many hours the link works.', 48),
    ],
    subject: 'Verify your email address',
    body: 'Please confirm your email address to finish creating your account, then sign in with the password you chose.\n\n{{ verify_url }}\n\nThe link expires in {{ expires_in_hours }} hours. If you did not sign up, ignore this mail: no account is made without it.',
    action: { label: 'Verify email', urlVariable: 'verify_url' },
  },
  sign_up_account_exists: {
    name: 'Sign-up with an existing address',
    category: 'account',
    description: 'Sent instead of the sign-up link when someone signs up with an address that already has an account.',
    variables: [
      appName,
      v('login_url', 'The sign-in page.', 'https://app.example.com/login'),
      v('forgot_password_url', 'The page that mails a password reset link.', 'https://app.example.com/forgot-password'),
    ],
    subject: 'Someone tried to sign up with your email address',
    body: 'Someone, maybe you, tried to create an account with this email address, which already has one. Nothing was changed.\n\nIf it was you, sign in at {{ login_url }}, or reset your password at {{ forgot_password_url }} if you forgot it. If it was not you, ignore this mail.',
    action: { label: 'Sign in', urlVariable: 'login_url' },
  },
  email_change_confirmation: {
    name: 'Email change confirmation',
    category: 'account',
    description: 'Sent to the new address when a user asks to change the email address of their account: the link makes the change.',
    variables: [
      appName,
      v('confirm_url', 'The single-use link that confirms the new address.', 'https://app.example.com/confirm-email/••••••'),
      v('expires_in_hours', 'How many hours the link works.', 24),
    ],
    subject: 'Confirm your new email address',
    body: 'Someone, probably you, asked to use this address for their account. Open the link to confirm it: from then on the account signs in with this address.\n\n{{ confirm_url }}\n\nThe link expires in {{ expires_in_hours }} hours. If it was not you, ignore this mail: nothing changes without the link.',
    action: { label: 'Confirm email', urlVariable: 'confirm_url' },
  },
  email_change_address_taken: {
    name: 'Email change to a taken address',
    category: 'account',
    description: 'Sent instead of the confirmation when a user asks to move their account to an address that already has an account: its owner is told, the requester is not.',
    variables: [appName, v('login_url', 'The sign-in page.', 'https://app.example.com/login')],
    subject: 'Someone tried to move an account to your email address',
    body: 'Someone asked to change the email address of an account to this address, which already has an account here. Nothing was changed, and your account is not affected.\n\nIf it was you, sign in at {{ login_url }} with this address; to move your other account, choose an address that has no account. If it was not you, ignore this mail.',
    action: { label: 'Sign in', urlVariable: 'login_url' },
  },
  email_change_requested: {
    name: 'Email change requested',
    category: 'account',
    description: 'Sent to the current address when a user asks to change it: it has no link that confirms or cancels, only where to reset the password.',
    variables: [
      appName,
      v('new_email', 'The address the account would move to.', 'ada.new@example.com'),
      v('expires_in_hours', 'How many hours the link sent to the new address works.', 24),
      v('forgot_password_url', 'The page that mails a password reset link.', 'https://app.example.com/forgot-password'),
    ],
    subject: 'Your email address is about to change',
    body: 'Someone asked to change the email address of your account to {{ new_email }}. Nothing changes until the link we sent to that address is opened, within {{ expires_in_hours }} hours; until then you sign in with this address.\n\nIf it was not you, someone knows your password: reset it now at {{ forgot_password_url }}. A password reset cancels the change and signs out every session and device.',
    action: { label: 'Reset password', urlVariable: 'forgot_password_url' },
  },
  email_changed: {
    name: 'Email changed',
    category: 'account',
    description: 'Sent to the old address once a change of the account’s email address was confirmed.',
    variables: [
      appName,
      v('site_url', 'The address of the site the account is on.', 'https://app.example.com'),
      v('new_email', 'The address the account moved to.', 'ada.new@example.com'),
    ],
    subject: 'Your email address was changed',
    body: 'The email address of your account at {{ site_url }} was changed to {{ new_email }}: you now sign in with that address, and mail about the account goes there. This address no longer signs in or resets the password.\n\nIf it was not you, someone who knew your password has taken over your account: contact the administrator of the site at once.',
    action: null,
  },
  business_network_invitation: {
    name: 'Business network invitation',
    category: 'notifications',
    description: 'Sent to the owner of a business another business added as its customer or vendor, to set up an account and see the documents they exchange.',
    variables: [
      appName,
      v('inviter_name', 'The business that added it.', 'Acme Ltd'),
      v('business_name', 'The business added, whose owner is invited.', 'Globex Corporation'),
      v('kind', 'What it was added as: customer or vendor.', 'customer'),
      v('accept_url', 'The single-use link that sets up the account.', 'https://app.example.com/onboarding-business-invitation/••••••'),
      v('expires_in_days', 'How many days the link works.', 7),
    ],
    subject: '{{ inviter_name }} added {{ business_name }} as a {{ kind }}',
    body: '{{ inviter_name }} added {{ business_name }} as a {{ kind }}. Set up your account to see the documents you exchange.\n\nAccept the invitation: {{ accept_url }}\n\nThe link expires in {{ expires_in_days }} days.',
    action: { label: 'Accept invitation', urlVariable: 'accept_url' },
  },
  payment_claimed: {
    name: 'Payment recorded by a customer',
    category: 'notifications',
    description: 'Sent to a business when its customer records a payment against one of its invoices (or records it again): the business confirms or rejects it.',
    variables: [
      appName,
      v('business_name', 'The business whose invoice it is.', 'Acme Ltd'),
      v('customer_name', 'The customer that recorded the payment.', 'Globex Corporation'),
      v('amount', 'The amount recorded, in its currency.', '$350.00'),
      v('payment_date', 'The date of the payment.', '21 Nov 2026'),
      v('invoice_number', 'The invoice’s number.', 'INV-000042'),
      v('payment_number', 'The customer’s number for the payment.', 'PAY-000009'),
    ],
    subject: '{{ customer_name }} recorded a payment of {{ amount }} on invoice {{ invoice_number }}',
    body: 'Dear {{ business_name }},\n\n{{ customer_name }} recorded a payment of {{ amount }}, dated {{ payment_date }}, against your invoice {{ invoice_number }} (their reference {{ payment_number }}).\n\nYour invoice does not change until you confirm that the money arrived. Sign in and open the invoice, or Payments, to confirm or reject the payment.',
    action: null,
  },
  payment_claim_rejected: {
    name: 'Recorded payment rejected',
    category: 'notifications',
    description: 'Sent to a customer business when the business whose invoice it paid rejects the payment it recorded.',
    variables: [
      appName,
      v('business_name', 'The business whose invoice it is, which rejected the payment.', 'Acme Ltd'),
      v('customer_name', 'The customer that recorded the payment.', 'Globex Corporation'),
      v('amount', 'The amount recorded, in its currency.', '$350.00'),
      v('payment_date', 'The date of the payment.', '21 Nov 2026'),
      v('invoice_number', 'The invoice’s number.', 'INV-000042'),
      v('payment_number', 'The customer’s number for the payment.', 'PAY-000009'),
      v('reason', 'Why it was rejected (empty when no reason was given).', 'Nothing arrived on our account.'),
    ],
    subject: '{{ business_name }} rejected your payment {{ payment_number }} on invoice {{ invoice_number }}',
    body: 'Dear {{ customer_name }},\n\n{{ business_name }} rejected the payment of {{ amount }}, dated {{ payment_date }}, that you recorded against its invoice {{ invoice_number }} (your payment {{ payment_number }}).\n\n{% if reason %}Reason: {{ reason }}\n\n{% endif %}The invoice is unchanged. Sign in to correct the payment and record it again, or to delete it.',
    action: null,
  },
  bank_payment_failed: {
    name: 'Bank payment returned',
    category: 'notifications',
    description: 'Sent to a business’s owner when a customer’s bank payment of an invoice or of an estimate’s deposit is returned by the payer’s bank.',
    variables: [
      appName,
      v('business_name', 'The business that was paid.', 'Acme Ltd'),
      v('amount', 'The amount of the bank payment, in its currency.', '$350.00'),
      v('deposit', 'Whether it paid the deposit on an estimate (true) rather than an invoice (false).', false),
      v('document_number', 'The invoice’s or the estimate’s number.', 'INV-000042'),
      v('amount_due', 'What is due on the invoice again (empty for a deposit).', '$350.00'),
      v('reason', 'The reason the bank gave (empty when it gave none).', 'Insufficient funds'),
    ],
    subject: 'Bank payment of {{ amount }} on {% if deposit %}the deposit on estimate{% else %}invoice{% endif %} {{ document_number }} failed',
    body: `Dear {{ business_name }},\n\nThe bank payment of {{ amount }} on {% if deposit %}the deposit on your estimate{% else %}your invoice{% endif %} {{ document_number }} was returned by the payer's bank.\n\n{% if reason %}The bank's reason: {{ reason }}\n\n{% endif %}${onlinePaymentMessages.bankPaymentFailed} {% if deposit %}Nothing was booked on the estimate: your customer can pay the deposit again.{% else %}Nothing was booked on the invoice: {{ amount_due }} is due, and your customer can pay it again.{% endif %}`,
    action: null,
  },
  auto_pay_failed: {
    name: 'Automatic payment failed',
    category: 'notifications',
    description: 'Sent when an automatic payment of an invoice does not go through: one mail to the customer and one to the business, each with its own wording.',
    variables: [
      appName,
      v('to_customer', 'Whether this mail goes to the customer (true) or to the business (false).', true),
      v('business_name', 'The business whose invoice it is.', 'Acme Ltd'),
      v('customer_name', 'The customer whose payment failed.', 'Globex Corporation'),
      v('invoice_number', 'The invoice’s number.', 'INV-000042'),
      v('reason', 'Why the payment did not go through, as a sentence.', 'Your card was declined.'),
      v('retry_date', 'When it is tried once more (empty when it is not).', '2026-11-22'),
      v('note', 'What happens instead of another try (empty when there is another try or nothing to say).', null),
    ],
    subject: 'Automatic payment of invoice {{ invoice_number }} failed',
    body: '{% if to_customer %}Hello {{ customer_name }},\n\nThe automatic payment of invoice {{ invoice_number }} from {{ business_name }}{% else %}The automatic payment of invoice {{ invoice_number }} by {{ customer_name }}{% endif %} did not go through: {{ reason }}{% if retry_date %} We will try once more on {{ retry_date }}.{% elsif note %} {{ note }}{% endif %}{% if to_customer %}\n\nYou can update your saved payment method or pay the invoice from its link.{% endif %}',
    action: null,
  },
  loan_repayment: {
    name: 'Loan repayment',
    category: 'notifications',
    description: 'Sent to a business that deferred an invoice with a loan: before its repay date, when it is repaid, when the charge failed and when the loan goes into default.',
    variables: [
      appName,
      v('business_name', 'The business that borrowed.', 'Globex Corporation'),
      v('stage', 'Which mail it is: upcoming (before the repay date), repaid, overdue or defaulted.', 'upcoming'),
      v('invoice_number', 'The number of the deferred invoice.', 'INV-000042'),
      v('vendor_name', 'The business that issued the invoice.', 'Acme Ltd'),
      v('amount', 'What was charged (repaid), will be charged (upcoming) or is still owed (overdue, defaulted), in its currency.', '$357.00'),
      v('repay_date', 'The repay date.', '2026-12-15'),
      v('reason', 'Why the last charge failed (overdue; empty when unknown).', 'Your card was declined.'),
      v('default_after_days', 'How many days after the repay date an unpaid loan goes into default.', 90),
    ],
    subject: '{% if stage == "upcoming" %}Repayment coming up{% elsif stage == "repaid" %}Loan repaid{% elsif stage == "overdue" %}Repayment overdue{% else %}Loan in default{% endif %}: invoice {{ invoice_number }}',
    body: 'Dear {{ business_name }},\n\n{% if stage == "upcoming" %}The deferral of invoice {{ invoice_number }} from {{ vendor_name }} ends on {{ repay_date }}: {{ amount }} will be charged to the payment method you chose that day.{% elsif stage == "repaid" %}{{ amount }} was charged to repay the deferral of invoice {{ invoice_number }} from {{ vendor_name }}.{% elsif stage == "overdue" %}The deferral of invoice {{ invoice_number }} from {{ vendor_name }} ended on {{ repay_date }}, and {{ amount }} could not be charged{% if reason %}: {{ reason }}{% else %}.{% endif %}\nChoose another payment method and repay it from the loan page.{% else %}The deferral of invoice {{ invoice_number }} from {{ vendor_name }} ended on {{ repay_date }}, and {{ amount }} could not be collected in {{ default_after_days }} days.\nThe loan is now in default: no new deferral is offered to your business.{% endif %}\n\nOpen Loan balance to see the loan and repay it.',
    action: null,
  },
  webhook_disabled: {
    name: 'Webhook endpoint disabled',
    category: 'notifications',
    description: 'Sent to whoever made a webhook endpoint (else the business’s owners, or the platform’s editors) when it is disabled because every delivery to it kept failing.',
    variables: [
      appName,
      v('recipient_name', 'The person told.', 'Ada Lovelace'),
      v('endpoint_url', 'The endpoint’s address.', 'https://hooks.example.com/ledgerline'),
      v('failing_days', 'How many days of failed deliveries disable an endpoint.', 5),
    ],
    subject: 'A webhook endpoint was disabled',
    body: 'Hello {{ recipient_name }},\n\nEvery delivery to the webhook endpoint {{ endpoint_url }} failed for {{ failing_days }} days, so it was disabled. Nothing was deleted: the endpoint, its events and its delivery log are kept.\nFix the endpoint, then enable it again from its page; events that were not delivered can be replayed from the log.',
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
