import { useTranslation } from 'react-i18next';
import type { InvoiceResource } from '@app/contracts';
import { formatDocumentMoney } from '../../../lib/money';
import { useCan } from '../../../lib/session';
import { useInvoicePaymentList } from '../../payments';
import { useInvoiceReminders } from '../documents-queries';
import { DocumentTimeline, type TimelineEvent } from './document-timeline';

/**
 * An invoice's timeline: created, sent, first viewed by the customer, approved or rejected, and
 * every payment recorded against it and every reminder mailed for it (the issuer's reminders only).
 */
export function InvoiceTimeline({ invoice }: { invoice: InvoiceResource }) {
  const { t } = useTranslation();
  const can = useCan('business');
  const shared = invoice.status !== 'draft';
  const payments = useInvoicePaymentList(invoice.id, invoice.direction, shared && can('view-payment'));
  const reminders = useInvoiceReminders(invoice.id, shared && invoice.direction === 'outgoing');
  const events: TimelineEvent[] = [
    ...(payments.data?.data ?? []).map((payment) => ({
      key: `payment-${payment.id}`,
      at: payment.payment_date,
      title: t('invoices.timeline.payment', { number: payment.payment_number }),
      detail: [formatDocumentMoney(payment.amount, payment.currency_id), payment.mode?.name].filter(Boolean).join(' · '),
    })),
    ...(reminders.data ?? []).map((delivery) => ({
      key: `reminder-${delivery.reminder_id}-${delivery.sent_at}`,
      at: delivery.sent_at,
      title: t('invoices.timeline.reminder'),
      detail: t('invoices.reminders.sent_to', { email: delivery.sent_to }),
    })),
  ];
  return <DocumentTimeline document={invoice} events={events} />;
}
