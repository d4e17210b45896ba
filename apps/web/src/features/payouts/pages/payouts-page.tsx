import { useState } from 'react';
import { Button, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PayoutOnboardingLink } from '@app/contracts';
import { CopyTextButton } from '../../../components/copy-button';
import { PageHeader } from '../../../components/page-header';
import { notifyError } from '../../../lib/notify';
import { PayoutOnboardingView } from '../payout-onboarding-view';
import { signedInBase, useCreateOnboardingLink } from '../payout-queries';

/** Settings → Payouts: the payout account's state and the wizard; the owner can continue on another device. */
export function PayoutsPage() {
  const { t } = useTranslation();
  const createLink = useCreateOnboardingLink();
  const [link, setLink] = useState<PayoutOnboardingLink | null>(null);
  const continueElsewhere = (
    <Button variant="light" size="xs" loading={createLink.isPending} onClick={() => createLink.mutate(undefined, { onSuccess: (answer) => setLink(answer.data), onError: notifyError })}>
      {t('payouts.another_device')}
    </Button>
  );
  return (
    <>
      <PageHeader title={t('payouts.title')} description={t('payouts.description')} />
      <PayoutOnboardingView base={signedInBase} actions={continueElsewhere} />
      <Modal opened={link !== null} onClose={() => setLink(null)} title={t('payouts.another_device')}>
        {link && (
          <Stack gap="sm">
            <Text size="sm">{t('payouts.link_help', { date: new Date(link.expires_at).toLocaleDateString() })}</Text>
            <Text size="sm" style={{ wordBreak: 'break-all' }} data-testid="onboarding-link">
              {link.url}
            </Text>
            <CopyTextButton value={link.url} />
          </Stack>
        )}
      </Modal>
    </>
  );
}
