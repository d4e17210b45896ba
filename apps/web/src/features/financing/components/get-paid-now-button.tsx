import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { InvoiceResource } from '@app/contracts';
import { Icon } from '../../../components/icon';
import { financingLinks } from '../../../lib/paths';
import { useCan } from '../../../lib/session';

type FinanceableInvoice = Pick<InvoiceResource, 'id' | 'direction' | 'status' | 'approved_at' | 'due_amount' | 'loan_status'>;

/** A loan that still stands on the invoice: none can be asked for beside it (an open offer can still be taken). */
const LIVE_LOAN = new Set(['pending_funding', 'funded', 'late', 'repaid', 'defaulted']);

/** Whether an advance could be asked for: an invoice this business issued, approved by its customer, with money still due and no loan on it. The lender decides the rest. */
function mayAskForAdvance(invoice: FinanceableInvoice): boolean {
  const financed = invoice.loan_status !== null && LIVE_LOAN.has(invoice.loan_status);
  return invoice.direction === 'outgoing' && invoice.status === 'approved' && invoice.approved_at !== null && invoice.due_amount > 0 && !financed;
}

/** "Get paid now" on an outgoing invoice's view: opens the factoring wizard for those who may read the balance sheet. */
export function GetPaidNowButton({ invoice }: { invoice: FinanceableInvoice }) {
  const { t } = useTranslation();
  const can = useCan('business');
  if (!mayAskForAdvance(invoice) || !can('view-balance-sheet')) return null;
  return (
    <Button variant="light" color="teal" component={Link} to={financingLinks.factoring(invoice.id)} leftSection={<Icon name="cash" size={16} />}>
      {t('financing.factoring.get_paid_now')}
    </Button>
  );
}
