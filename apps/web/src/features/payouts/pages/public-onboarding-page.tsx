import '../../../lib/i18n-app';
// The payout wizard uses most of Mantine (stepper, cards, selects, file inputs, dialogs); the guest
// entry loads its CSS per component, so this rarely opened page takes the whole stylesheet the signed-in pages share.
import '../../../styles/full-styles';
import { Container, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PayoutOnboardingView } from '../payout-onboarding-view';
import { publicLinkBase } from '../payout-queries';

/** `/public/onboarding/{id}`: the payout wizard for the one business the link was made for, without signing in. */
export function PublicOnboardingPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  return (
    <Container size="md" py="xl" component="main">
      <Title order={1} size="h2" mb="lg">
        {t('payouts.title')}
      </Title>
      <PayoutOnboardingView base={publicLinkBase(token)} />
    </Container>
  );
}
