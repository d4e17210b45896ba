import { describe, expect, it } from 'vitest';
import { type NotificationEvent, notificationEvents } from '@app/contracts';
import { counterpartyOf, notificationTold } from './notification-mail';

const invoice = { id: 'i1', business_id: 'b1', invoice_number: 'INV-000042', status: 'sent', paid_status: 'partially_paid', customer_id: 'c1', currency: 'EUR', total: 123450, amount_paid: 23450, due_amount: 100000, invoice_date: '2026-11-01', due_date: '2026-11-30' };
const estimate = { id: 'e1', business_id: 'b1', estimate_number: 'EST-7', status: 'approved', customer_id: 'c1', currency: 'USD', total: 5000, estimate_date: '2026-11-01', expiry_date: null, invoice_id: null };
const payment = { id: 'p1', business_id: 'b1', payment_number: 'PAY-9', direction: 'received', customer_id: 'c1', vendor_id: null, invoice_id: 'i1', currency: 'USD', amount: 2500, refunded_amount: 0, payment_date: '2026-11-02', method: 'card', provider_payment_id: 'pi_1', failure_message: 'Your card was declined.' };
const loan = { id: 'l1', business_id: 'b1', product: 'factoring', invoice_id: 'i1', currency: 'USD', principal: 80000, fee: 1200, status: 'funded' };

function payloadOf(event: NotificationEvent): unknown {
  if (event.startsWith('invoice.')) return { invoice };
  if (event.startsWith('estimate.')) return { estimate };
  if (event.startsWith('payment.')) return { payment };
  return { loan };
}


describe('notification mails', () => {
  it('say what happened, to whom, and for how much, for every event of the catalogue', () => {
    const subjects = Object.fromEntries(notificationEvents.map((event) => [event, notificationTold(event, payloadOf(event), 'Globex').headline]));
    expect(subjects).toEqual({
      'invoice.viewed': 'Globex viewed invoice INV-000042',
      'invoice.approved': 'Globex approved invoice INV-000042',
      'invoice.rejected': 'Globex rejected invoice INV-000042',
      'invoice.paid': 'Invoice INV-000042 is paid',
      'invoice.overdue': 'Invoice INV-000042 is overdue',
      'payment.succeeded': 'Payment of $25.00 from Globex went through',
      'payment.failed': 'Payment of $25.00 from Globex failed',
      'estimate.approved': 'Globex approved estimate EST-7',
      'estimate.rejected': 'Globex rejected estimate EST-7',
      'loan.funded': 'Your invoice financing of $800.00 was funded',
      'loan.repaid': 'Your invoice financing of $800.00 is repaid',
    });
  });

  it('give the amounts in the document currency, the dates written out and the reason of a failure', () => {
    expect(notificationTold('invoice.overdue', { invoice }, 'Globex').details).toContain('Invoice INV-000042 to Globex is past its due date (30 Nov 2026): 1.000,00 € of 1.234,50 € is unpaid.');
    expect(notificationTold('payment.failed', { payment }, 'Globex').details).toContain('Reason: Your card was declined.');
    expect(notificationTold('loan.funded', { loan }, null).details[0]).toContain('its fee is $12.00');
  });

  it('name the counterparty by the kind the payload gives, and refuse a payload that is not the event’s', () => {
    expect(counterpartyOf('invoice.paid', { invoice })).toEqual({ kind: 'customer', id: 'c1' });
    expect(counterpartyOf('payment.succeeded', { payment: { ...payment, direction: 'made', customer_id: null, vendor_id: 'v1' } })).toEqual({ kind: 'vendor', id: 'v1' });
    expect(counterpartyOf('loan.funded', { loan })).toBeNull();
    expect(() => notificationTold('invoice.paid', { payment }, 'Globex')).toThrow();
  });
});
