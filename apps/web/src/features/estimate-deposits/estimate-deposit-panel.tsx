import { Alert, Button, Group, Loader, Radio, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type EstimateDeposit, type EstimateResource, decimalToMinorUnits, messages } from '@app/contracts';
import { MoneyInput } from '../../components/decimal-input';
import { DepositPayForm, EstimateDepositSummary } from '../../components/estimate-deposit';
import { useLastPresent } from '../../lib/use-last-present';
import { errorText } from '../../lib/api-error';
import { moneyFormatOf } from '../../lib/money';
import { notifySuccess } from '../../lib/notify';
import { useCan } from '../../lib/session';
import { incomingDepositBankLinkToken, startIncomingDeposit, useChangeDeposit, useEstimateDeposit, useIncomingDepositOptions, useRefreshDeposit } from './estimate-deposits-queries';

type Kind = 'amount' | 'percent';

/** The vendor's form: a deposit as an amount or a percent of the total; the server turns a percent into the amount and checks both. */
function AskDeposit({ estimate, deposit }: { estimate: EstimateResource; deposit: EstimateDeposit }) {
  const { t } = useTranslation();
  const change = useChangeDeposit(estimate.id);
  const [kind, setKind] = useState<Kind>('amount');
  const [amount, setAmount] = useState('');
  const [percent, setPercent] = useState('');
  const [amountError, setAmountError] = useState<string | null>(null);
  const currency = moneyFormatOf(estimate.currency_id);
  const failure = change.isError ? errorText(change.error, t('errors.generic'), t('errors.network')) : null;

  function submit() {
    if (kind === 'percent') return change.mutate({ percent: Number(percent.replace(',', '.')) }, { onSuccess: () => notifySuccess(t('deposits.saved')) });
    const parsed = decimalToMinorUnits(amount, currency.precision);
    setAmountError(parsed.ok ? null : amount.trim() === '' ? messages.required : messages.invalidAmount);
    if (parsed.ok) change.mutate({ amount: Number(parsed.minor) }, { onSuccess: () => notifySuccess(t('deposits.saved')) });
  }

  return (
    <Stack gap="sm">
      <Text size="sm">{t('deposits.ask_hint')}</Text>
      <Radio.Group label={t('deposits.kind')} value={kind} onChange={(picked) => setKind(picked === 'percent' ? 'percent' : 'amount')}>
        <Group mt={4}>
          <Radio value="amount" label={t('deposits.kind_amount')} />
          <Radio value="percent" label={t('deposits.kind_percent')} />
        </Group>
      </Radio.Group>
      {kind === 'amount' ? (
        <MoneyInput label={t('deposits.amount_label')} currency={currency} value={amount} onChange={setAmount} error={amountError} inputMode="decimal" />
      ) : (
        <TextInput label={t('deposits.percent_label')} value={percent} onChange={(event) => setPercent(event.currentTarget.value)} inputMode="decimal" rightSection="%" />
      )}
      {failure && (
        <Alert color="red" role="alert">
          {failure}
        </Alert>
      )}
      <Group>
        <Button onClick={submit} loading={change.isPending && change.variables !== null}>
          {t(deposit.requested_amount === null ? 'deposits.ask_button' : 'deposits.change_button')}
        </Button>
        {deposit.requested_amount !== null && (
          <Button variant="default" onClick={() => change.mutate(null, { onSuccess: () => notifySuccess(t('deposits.withdrawn')) })} loading={change.isPending && change.variables === null}>
            {t('deposits.withdraw_button')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}

/** The customer business's Pay deposit form (pay-invoice), when the deposit can be paid and the vendor takes charges. */
function PayIncomingDeposit({ estimate }: { estimate: EstimateResource }) {
  const options = useIncomingDepositOptions(estimate.id, true);
  const refresh = useRefreshDeposit(estimate.id);
  const kept = useLastPresent(options.data?.options);
  const data = options.data;
  if (!data || !kept) return null;
  return <DepositPayForm payable={data.options !== null} deposit={data.deposit} options={kept} start={(method, bankLink) => startIncomingDeposit(estimate.id, method, bankLink)} bankLinkToken={() => incomingDepositBankLinkToken(estimate.id)} payee={estimate.business.name} onPaid={refresh} />;
}

/**
 * The deposit on an estimate's view (issue 17, item 7): its figures for both sides; the vendor
 * (edit-estimate) asks, changes or withdraws it while nothing is paid and the estimate is accepted
 * and not converted; the customer business (pay-invoice) pays it. Nothing shows where the tenant's
 * estimate payments are off, or on the customer's side while no deposit is asked.
 */
export function EstimateDepositPanel({ estimate }: { estimate: EstimateResource }) {
  const { t } = useTranslation();
  const can = useCan('business');
  const query = useEstimateDeposit(estimate.id);
  if (query.isPending) return <Loader size="sm" aria-label={t('deposits.title')} />;
  if (query.isError) {
    return (
      <Alert color="red" role="alert">
        {t('deposits.load_failed')}
      </Alert>
    );
  }
  const deposit = query.data;
  const issuer = estimate.direction === 'outgoing';
  if (!deposit.enabled || (!issuer && deposit.requested_amount === null)) return null;
  const changeable = issuer && can('edit-estimate') && deposit.converted_invoice_id === null && deposit.paid_amount === 0 && deposit.processing_amount === 0;
  return (
    <EstimateDepositSummary deposit={deposit}>
      {changeable && (estimate.status === 'approved' ? <AskDeposit estimate={estimate} deposit={deposit} /> : <Text size="sm">{t('deposits.approve_first')}</Text>)}
      {!issuer && deposit.payable && can('pay-invoice') && <PayIncomingDeposit estimate={estimate} />}
    </EstimateDepositSummary>
  );
}
