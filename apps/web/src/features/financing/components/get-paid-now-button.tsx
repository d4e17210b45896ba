import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon } from '../../../components/icon';
import { financingLinks } from '../../../lib/paths';
import { useCan } from '../../../lib/session';
import { type FinanceableInvoice, mayFinance } from '../financeable-invoice';

/** "Get paid now" on an outgoing invoice's view: opens the factoring wizard for those who may read the balance sheet. */
export function GetPaidNowButton({ invoice }: { invoice: FinanceableInvoice }) {
  const { t } = useTranslation();
  const can = useCan('business');
  if (!mayFinance(invoice, 'outgoing') || !can('view-balance-sheet')) return null;
  return (
    <Button variant="light" color="teal" component={Link} to={financingLinks.factoring(invoice.id)} leftSection={<Icon name="cash" size={16} />}>
      {t('financing.factoring.get_paid_now')}
    </Button>
  );
}
