import { Badge, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PaymentClaimState } from '@app/contracts';

/**
 * Where a payment made against a vendor's invoice stands, as its payer sees it: awaiting the
 * vendor, confirmed, recorded by the vendor itself, or rejected with the vendor's reason (written out: a reason does not fit a badge).
 */
export function ClaimStatus({ claim }: { claim: PaymentClaimState }) {
  const { t } = useTranslation();
  if (claim.status === 'rejected') {
    return (
      <Text size="sm" c="red.8" fw={500}>
        {claim.reason ? t('payments.claim.rejected_reason', { reason: claim.reason }) : t('payments.claim.rejected')}
      </Text>
    );
  }
  return (
    <Badge color={claim.status === 'confirmed' ? 'green' : 'yellow'} variant="light">
      {claim.recorded_by_vendor ? t('payments.claim.recorded_by_vendor') : t(`payments.claim.${claim.status}`)}
    </Badge>
  );
}
