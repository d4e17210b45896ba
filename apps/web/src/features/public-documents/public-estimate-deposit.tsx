import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DepositPayForm, EstimateDepositSummary } from '../../components/estimate-deposit';
import { useLastPresent } from '../../lib/use-last-present';
import { publicBankLinkToken, startDepositPayment, usePublicDeposit, useRefreshPublicDeposit } from './public-documents-queries';

/**
 * The deposit on a public estimate (issue 17, item 7): what was asked and paid and, while it can
 * be paid (asked, unpaid, the estimate accepted, the vendor taking charges), the shared pay form
 * with its "Pay deposit" button. Nothing shows while no deposit is asked or estimate payments are off.
 */
export function PublicEstimateDeposit({ token, payee }: { token: string; payee: string }) {
  const { t } = useTranslation();
  const query = usePublicDeposit(token);
  const refresh = useRefreshPublicDeposit(token);
  const options = useLastPresent(query.data?.options);
  if (query.isError) {
    return (
      <Alert color="red" role="alert">
        {t('deposits.load_failed')}
      </Alert>
    );
  }
  const data = query.data;
  if (!data || !data.deposit.enabled || data.deposit.requested_amount === null) return null;
  return (
    <EstimateDepositSummary deposit={data.deposit}>
      {/* A debit on its way is told once, by the summary above. */}
      {options && data.deposit.processing_amount === 0 && <DepositPayForm payable={data.options !== null} deposit={data.deposit} options={options} start={(method, bankLink) => startDepositPayment(token, method, bankLink)} bankLinkToken={() => publicBankLinkToken(token, 'estimate')} payee={payee} onPaid={refresh} />}
    </EstimateDepositSummary>
  );
}
