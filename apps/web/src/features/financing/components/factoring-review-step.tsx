import { Alert, Checkbox, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { FactoringLoanOfferResponse } from '@app/contracts';
import type { MoneyFormat } from '@app/domain';
import { ExternalLink } from '../../../components/external-link';
import { LabelledValue } from '../../../components/labelled-value';
import { formatDate } from '../../../lib/format';
import { formatInCurrency } from '../../../lib/money';
import type { AdvanceTerms } from '../factoring-advance';

interface FactoringReviewStepProps {
  offer: FactoringLoanOfferResponse;
  currency: MoneyFormat;
  terms: AdvanceTerms;
  termsAccepted: boolean;
  onTermsAcceptedChange: (accepted: boolean) => void;
  termsProblem: string | null;
  /** Why this user cannot take the advance (an ability missing), or null when they can. */
  cannotFund: string | null;
}

/** Step 2: what the advance means, in figures, and the lender's terms to accept when there are terms (spec section 5). */
export function FactoringReviewStep({ offer, currency, terms, termsAccepted, onTermsAcceptedChange, termsProblem, cannotFund }: FactoringReviewStepProps) {
  const { t } = useTranslation();
  const money = (minor: number) => formatInCurrency(minor, currency);
  const termsUrl = offer.loan_info.terms_url;
  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="lg" component="section" aria-label={t('financing.factoring.review_title')}>
        <SimpleGrid cols={{ base: 1, xs: 3 }} component="dl" m={0}>
          <LabelledValue term label={t('financing.factoring.you_receive_now')}>
            {money(terms.principal)}
          </LabelledValue>
          <LabelledValue term label={t('financing.factoring.fee')}>
            {money(terms.fee)}
          </LabelledValue>
          <LabelledValue term label={t('financing.factoring.reserve')}>
            {money(terms.reserve)}
          </LabelledValue>
        </SimpleGrid>
        <Text size="sm" mt="md">
          {t('financing.factoring.how_it_works', {
            customer: offer.invoice.counterparty_name,
            repaid: money(terms.principal + terms.fee),
            reserve: money(terms.reserve),
          })}
        </Text>
        {offer.invoice.due_date && (
          <Text size="sm" c="dimmed" mt="xs">
            {t('financing.factoring.due_on', { date: formatDate(offer.invoice.due_date) })}
          </Text>
        )}
      </Paper>
      {termsUrl && (
        <Stack gap="xs">
          <Text size="sm">
            {t('financing.factoring.terms_link')} <ExternalLink url={termsUrl} />
          </Text>
          <Checkbox
            label={t('financing.factoring.terms_agreement')}
            checked={termsAccepted}
            onChange={(event) => onTermsAcceptedChange(event.currentTarget.checked)}
            error={termsProblem}
          />
        </Stack>
      )}
      {cannotFund && (
        <Alert color="gray" title={t('financing.factoring.cannot_fund_title')}>
          {cannotFund}
        </Alert>
      )}
    </Stack>
  );
}
