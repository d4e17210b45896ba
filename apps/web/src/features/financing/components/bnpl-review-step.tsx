import { Alert, Checkbox, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { BnplLoanOffer } from '@app/contracts';
import { ExternalLink } from '../../../components/external-link';
import { LabelledValue } from '../../../components/labelled-value';
import { formatDate } from '../../../lib/format';
import { formatInCurrency, moneyFormatOf } from '../../../lib/money';

interface BnplReviewStepProps {
  offer: BnplLoanOffer;
  /** The name of the saved method chosen, as the payer recognises it. */
  methodName: string;
  termsAccepted: boolean;
  onTermsAcceptedChange: (accepted: boolean) => void;
  termsProblem: string | null;
  /** Why this user cannot confirm (an ability missing), or null when they can. */
  cannotFund: string | null;
}

/** Step 4: the deferral in figures and the lender's terms to accept when it sets them (spec section 5). */
export function BnplReviewStep({ offer, methodName, termsAccepted, onTermsAcceptedChange, termsProblem, cannotFund }: BnplReviewStepProps) {
  const { t } = useTranslation();
  const money = (minor: number) => formatInCurrency(minor, moneyFormatOf(offer.invoice.currency_id));
  const total = money(offer.principal_amount + offer.fee_amount);
  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="lg" component="section" aria-label={t('financing.bnpl.review_title')}>
        <SimpleGrid cols={{ base: 1, xs: 2, sm: 4 }} component="dl" m={0}>
          <LabelledValue term label={t('financing.bnpl.vendor_paid_now')}>
            {money(offer.principal_amount)}
          </LabelledValue>
          <LabelledValue term label={t('financing.bnpl.fee')}>
            {money(offer.fee_amount)}
          </LabelledValue>
          <LabelledValue term label={t('financing.bnpl.total')}>
            {total}
          </LabelledValue>
          <LabelledValue term label={t('financing.bnpl.repay_date')}>
            {formatDate(offer.repay_date)}
          </LabelledValue>
        </SimpleGrid>
        <Text size="sm" mt="md">
          {t('financing.bnpl.how_it_works', { vendor: offer.invoice.counterparty_name, number: offer.invoice.invoice_number, total, method: methodName, date: formatDate(offer.repay_date) })}
        </Text>
      </Paper>
      {offer.terms_url && (
        <Stack gap="xs">
          <Text size="sm">
            {t('financing.bnpl.terms_link')} <ExternalLink url={offer.terms_url} />
          </Text>
          <Checkbox label={t('financing.bnpl.terms_agreement')} checked={termsAccepted} onChange={(event) => onTermsAcceptedChange(event.currentTarget.checked)} error={termsProblem} />
        </Stack>
      )}
      {cannotFund && (
        <Alert color="gray" title={t('financing.bnpl.cannot_fund_title')}>
          {cannotFund}
        </Alert>
      )}
    </Stack>
  );
}
