import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon } from '../../../components/icon';
import { financingLinks } from '../../../lib/paths';
import { useCan } from '../../../lib/session';
import { type FinanceableInvoice, mayFinance } from '../financeable-invoice';

/** "Pay later" on an incoming invoice's view: opens the BNPL wizard for those who may read the balance sheet. */
export function PayLaterButton({ invoice }: { invoice: FinanceableInvoice }) {
  const { t } = useTranslation();
  const can = useCan('business');
  if (!mayFinance(invoice, 'incoming') || !can('view-balance-sheet')) return null;
  return (
    <Button variant="light" color="teal" component={Link} to={financingLinks.bnpl(invoice.id)} leftSection={<Icon name="clock" size={16} />}>
      {t('financing.bnpl.pay_later')}
    </Button>
  );
}
