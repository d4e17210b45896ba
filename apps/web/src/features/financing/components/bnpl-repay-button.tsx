import { useState } from 'react';
import { Alert, Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type LoanResource, factoringFundAbility } from '@app/contracts';
import { errorText } from '../../../lib/api-error';
import { formatCodeMoney } from '../../../lib/money';
import { useCan } from '../../../lib/session';
import { useSavedMethods } from '../../saved-methods';
import { useRepayBnpl } from '../financing-queries';

/** The method chosen when the loan was taken: the server charges it when no other is named. */
const CHOSEN = 'chosen';

/**
 * Repays a BNPL loan now (before its repay date, or after a refused charge): what it still owes is
 * charged to the method chosen for it, or to another saved one picked here. Only for the members
 * who may commit the business, as taking the loan was.
 */
export function BnplRepayButton({ loan }: { loan: LoanResource }) {
  const { t } = useTranslation();
  const canRepay = useCan('business')(factoringFundAbility);
  const [opened, setOpened] = useState(false);
  const [method, setMethod] = useState<string>(CHOSEN);
  const [serverError, setServerError] = useState<string | null>(null);
  const methods = useSavedMethods();
  const repay = useRepayBnpl(loan.id);
  if (loan.product !== 'bnpl' || (loan.status !== 'funded' && loan.status !== 'late') || loan.total_balance <= 0) return null;
  const amount = formatCodeMoney(loan.total_balance, loan.currency_code);
  const options = [{ value: CHOSEN, label: t('financing.repay.chosen_method') }, ...(methods.data?.data ?? []).map((saved) => ({ value: saved.id, label: saved.name }))];

  const confirm = async () => {
    setServerError(null);
    try {
      await repay.mutateAsync(method === CHOSEN ? {} : { selectedPaymentMethod: method });
      setOpened(false);
    } catch (err) {
      setServerError(errorText(err, t('errors.generic'), t('errors.network')));
    }
  };

  return (
    <>
      <Button size="compact-sm" variant="light" onClick={() => setOpened(true)} disabled={!canRepay} title={canRepay ? undefined : t('financing.repay.not_allowed')}>
        {t('financing.repay.button', { amount })}
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title={t('financing.repay.title', { number: loan.invoice.invoice_number })} centered>
        <Stack gap="md">
          <Text size="sm">{t('financing.repay.explain', { amount, vendor: loan.invoice.counterparty_name })}</Text>
          <Select label={t('financing.repay.method')} data={options} value={method} onChange={(value) => setMethod(value ?? CHOSEN)} allowDeselect={false} />
          {serverError && (
            <Alert color="red" role="alert" title={t('financing.repay.failed')}>
              {serverError}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpened(false)}>
              {t('common.cancel')}
            </Button>
            <Button loading={repay.isPending} onClick={() => void confirm()}>
              {t('financing.repay.confirm', { amount })}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
