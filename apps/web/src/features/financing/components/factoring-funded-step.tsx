import { Alert, Anchor, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { LoanResource } from '@app/contracts';
import { formatDate } from '../../../lib/format';
import { formatCodeMoney } from '../../../lib/money';
import { financingLinks } from '../../../lib/paths';
import { LoanStatusBadge } from './loan-status-badge';

/** What happens next, by where the loan stands: the lender still paying, paid, or stopped. */
function nextStepKey(loan: LoanResource): string {
  if (loan.status === 'pending_funding') return 'financing.factoring.after.pending_funding';
  if (loan.status === 'funded') return 'financing.factoring.after.funded';
  return 'financing.factoring.after.other';
}

/** Step 3: the loan the offer became and what happens next. */
export function FactoringFundedStep({ loan }: { loan: LoanResource }) {
  const { t } = useTranslation();
  const money = (minor: number) => formatCodeMoney(minor, loan.currency_code);
  return (
    <Stack gap="md">
      <Alert color={loan.status === 'cancelled' ? 'red' : 'green'} role="status" title={t('financing.factoring.funded_title', { number: loan.invoice.invoice_number })}>
        <Stack gap="xs">
          <Group gap="xs">
            <Text size="sm">{t('financing.factoring.loan_status')}</Text>
            <LoanStatusBadge status={loan.status} />
          </Group>
          <Text size="sm">
            {t(nextStepKey(loan), {
              amount: money(loan.principal_amount),
              customer: loan.invoice.counterparty_name,
              repaid: money(loan.principal_amount + loan.fee_amount),
              date: formatDate(loan.due_date),
            })}
          </Text>
        </Stack>
      </Alert>
      <Anchor component={Link} to={financingLinks.loanBalance('factoring')}>
        {t('financing.factoring.see_loans')}
      </Anchor>
    </Stack>
  );
}
