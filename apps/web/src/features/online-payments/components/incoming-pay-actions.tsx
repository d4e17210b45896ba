import { Button, Menu } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { InvoiceListItem } from '@app/contracts';
import { allowedInvoiceActions } from '@app/domain';
import { Icon } from '../../../components/icon';
import { customerPayPaths } from '../../../lib/paths';
import { useCan } from '../../../lib/session';
import { useBusinessPayOptions } from '../online-payments-queries';

type IncomingInvoice = Pick<InvoiceListItem, 'id' | 'direction' | 'status' | 'paid_status' | 'due_amount' | 'allowed_actions'>;

/** Whether the customer business may pay this invoice now: incoming, something due, and a status that takes payments. */
function payable(invoice: IncomingInvoice): boolean {
  if (invoice.direction !== 'incoming' || invoice.due_amount <= 0 || !invoice.paid_status) return false;
  return allowedInvoiceActions({ status: invoice.status, paid_status: invoice.paid_status }).includes('record_payment');
}

/**
 * Pay and Approve and pay, where the invoice is payable, the caller holds pay-invoice (and
 * approve-invoice for the approval), and the vendor takes online payments (asked of the server
 * only then, once per invoice).
 */
function usePayActions(invoice: IncomingInvoice) {
  const can = useCan('business');
  const wanted = payable(invoice) && can('pay-invoice');
  const options = useBusinessPayOptions(invoice.id, wanted);
  const pay = wanted && options.data?.available === true;
  return { pay, approvePay: pay && invoice.allowed_actions.includes('approve') && can('approve-invoice') };
}

/** The incoming invoice view's buttons. */
export function IncomingPayButtons({ invoice }: { invoice: IncomingInvoice }) {
  const { t } = useTranslation();
  const may = usePayActions(invoice);
  return (
    <>
      {may.approvePay && (
        <Button color="green" variant="light" component={Link} to={customerPayPaths.approvePay(invoice.id)}>
          {t('customer_pay.actions.approve_pay')}
        </Button>
      )}
      {may.pay && (
        <Button component={Link} to={customerPayPaths.pay(invoice.id)} leftSection={<Icon name="cash" size={16} />}>
          {t('customer_pay.actions.pay')}
        </Button>
      )}
    </>
  );
}

/** The incoming invoice list row menu's items (the menu's content mounts on opening, so the server is asked only then). */
export function IncomingPayMenuItems({ invoice }: { invoice: IncomingInvoice }) {
  const { t } = useTranslation();
  const may = usePayActions(invoice);
  return (
    <>
      {may.pay && (
        <Menu.Item component={Link} to={customerPayPaths.pay(invoice.id)}>
          {t('customer_pay.actions.pay')}
        </Menu.Item>
      )}
      {may.approvePay && (
        <Menu.Item component={Link} to={customerPayPaths.approvePay(invoice.id)}>
          {t('customer_pay.actions.approve_pay')}
        </Menu.Item>
      )}
    </>
  );
}
