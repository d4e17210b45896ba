import type { ReactNode } from 'react';
import { Alert, Badge, Button, Group, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { payoutMessages } from '@app/contracts';
import { QueryState } from '../../components/query-state';
import { notifyError } from '../../lib/notify';
import { PayoutAccountStatus } from './payout-account-status';
import { type PayoutApiBase, usePayoutOnboarding, useRefreshPayoutAccount } from './payout-queries';
import { PayoutWizard } from './payout-wizard';

/** The account's state and the wizard, for the signed-in page and the public link alike. */
export function PayoutOnboardingView({ base, actions }: { base: PayoutApiBase; actions?: ReactNode }) {
  const { t } = useTranslation();
  const onboarding = usePayoutOnboarding(base);
  const refresh = useRefreshPayoutAccount(base);
  const data = onboarding.data?.data;
  return (
    <QueryState isPending={onboarding.isPending} error={onboarding.error} onRetry={() => void onboarding.refetch()}>
      {data && !data.available && (
        <Alert color="gray" title={payoutMessages.notAvailable}>
          {t('payouts.not_available')}
        </Alert>
      )}
      {data?.available && (
        <Stack gap="lg">
          <Group justify="space-between" wrap="wrap">
            {data.test_mode ? (
              <Badge color="yellow" variant="light" size="lg">
                {t('payouts.test_mode')}
              </Badge>
            ) : (
              <span />
            )}
            <Group gap="xs">
              {data.account && (
                <Button variant="default" size="xs" loading={refresh.isPending} onClick={() => refresh.mutate(undefined, { onError: notifyError })}>
                  {t('payouts.refresh')}
                </Button>
              )}
              {actions}
            </Group>
          </Group>
          <PayoutAccountStatus onboarding={data} />
          <PayoutWizard key={data.account?.provider_account_id ?? 'new'} base={base} onboarding={data} />
        </Stack>
      )}
    </QueryState>
  );
}
