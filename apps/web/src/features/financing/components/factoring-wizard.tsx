import { useState } from 'react';
import { Alert, Button, Group, Stack, Stepper } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { type FactoringFundRequest, type FactoringLoanOfferResponse, type LoanResource, factoringFundAbility, financingMessages, minorUnitsToDecimal } from '@app/contracts';
import { errorText } from '../../../lib/api-error';
import { formatInCurrency, moneyFormatOf } from '../../../lib/money';
import { useCan } from '../../../lib/session';
import { advanceTerms, checkAdvance } from '../factoring-advance';
import { useFundFactoring } from '../financing-queries';
import { FactoringFundedStep } from './factoring-funded-step';
import { FactoringOfferStep } from './factoring-offer-step';
import { FactoringReviewStep } from './factoring-review-step';

const STEPS = ['offer', 'review', 'funded'] as const;
type Step = (typeof STEPS)[number];

/** Refusals that a new offer answers: the wizard offers to ask for one. */
const STALE_OFFER: readonly string[] = [financingMessages.offerExpired, financingMessages.offerUnknown];

/** One fund request and the Idempotency-Key it went with: the same request sent again reuses the key, so the server funds once. */
type Attempt = { request: string; key: string };

interface FactoringWizardProps {
  invoiceId: string;
  offer: FactoringLoanOfferResponse;
  /** Asks the server for the offer again (the open one, or a new one once it expired). */
  onNewOffer: () => void;
}

/**
 * The factoring wizard (spec sections 2, 3 and 5): it starts at step 1, the offer and the amount
 * to take; step 2 reviews it and takes the terms when the lender sets them; step 3 is the loan.
 * Refusals show in the server's words.
 */
export function FactoringWizard({ invoiceId, offer, onNewOffer }: FactoringWizardProps) {
  const { t } = useTranslation();
  const narrow = useMediaQuery('(max-width: 48em)');
  const canFund = useCan('business')(factoringFundAbility);
  const fund = useFundFactoring(invoiceId);
  const info = offer.loan_info;
  const currency = moneyFormatOf(offer.invoice.currency_id);
  const [step, setStep] = useState<Step>('offer');
  const [amount, setAmount] = useState(() => minorUnitsToDecimal(info.principal_amount, currency.precision));
  const [amountProblem, setAmountProblem] = useState<string | null>(null);
  const [termsAccepted, setTermsAccepted] = useState(false);
  const [termsProblem, setTermsProblem] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState<Attempt | null>(null);
  const [loan, setLoan] = useState<LoanResource | null>(null);

  const checked = checkAdvance(amount, info, currency);
  const terms = checked.problem === null && checked.amount !== null ? advanceTerms(info, checked.amount) : null;

  const toReview = () => {
    setAmountProblem(checked.problem);
    if (terms) {
      setServerError(null);
      setStep('review');
    }
  };

  const submit = async () => {
    if (!terms) return;
    if (info.terms_url && !termsAccepted) {
      setTermsProblem(financingMessages.termsRequired);
      return;
    }
    const body: FactoringFundRequest = { offerId: info.id, givenLoanAmount: terms.principal, ...(info.terms_url ? { termsAgreement: true } : {}) };
    const request = JSON.stringify(body);
    const key = attempt?.request === request ? attempt.key : crypto.randomUUID();
    setAttempt({ request, key });
    setServerError(null);
    try {
      const answer = await fund.mutateAsync({ body, idempotencyKey: key });
      setLoan(answer.data);
      setStep('funded');
    } catch (err) {
      setServerError(errorText(err, t('errors.generic'), t('errors.network')));
    }
  };

  const active = STEPS.indexOf(step);
  const staleOffer = serverError !== null && STALE_OFFER.includes(serverError);

  return (
    <Stack gap="lg">
      <Stepper
        active={active}
        onStepClick={(index) => {
          const target = STEPS[index];
          if (target && index < active && step !== 'funded') setStep(target);
        }}
        orientation={narrow ? 'vertical' : 'horizontal'}
        size="sm"
      >
        {STEPS.map((name, index) => (
          <Stepper.Step key={name} label={t(`financing.factoring.steps.${name}`)} allowStepSelect={index < active && step !== 'funded'} />
        ))}
      </Stepper>
      <Stack gap="md" component="section" aria-label={t(`financing.factoring.steps.${step}`)}>
        {serverError && (
          <Alert color="red" role="alert" title={t('financing.factoring.refused_title')}>
            <Stack gap="xs" align="flex-start">
              {serverError}
              {staleOffer && (
                <Button size="xs" variant="light" color="red" onClick={onNewOffer}>
                  {t('financing.factoring.new_offer')}
                </Button>
              )}
            </Stack>
          </Alert>
        )}
        {step === 'offer' && (
          <FactoringOfferStep
            offer={offer}
            currency={currency}
            amount={amount}
            onAmountChange={(value) => {
              setAmount(value);
              setAmountProblem(null);
            }}
            amountProblem={amountProblem}
            terms={terms}
          />
        )}
        {step === 'review' && terms && (
          <FactoringReviewStep
            offer={offer}
            currency={currency}
            terms={terms}
            termsAccepted={termsAccepted}
            onTermsAcceptedChange={(accepted) => {
              setTermsAccepted(accepted);
              setTermsProblem(null);
            }}
            termsProblem={termsProblem}
            cannotFund={canFund ? null : t('financing.factoring.cannot_fund')}
          />
        )}
        {step === 'funded' && loan && <FactoringFundedStep loan={loan} />}
        {step !== 'funded' && (
          <Group justify="space-between">
            <Button variant="default" disabled={step === 'offer'} onClick={() => setStep('offer')}>
              {t('common.back')}
            </Button>
            {step === 'offer' ? (
              <Button onClick={toReview}>{t('financing.factoring.next')}</Button>
            ) : (
              <Button onClick={() => void submit()} loading={fund.isPending} disabled={!canFund}>
                {t('financing.factoring.fund', { amount: terms ? formatInCurrency(terms.principal, currency) : '' })}
              </Button>
            )}
          </Group>
        )}
      </Stack>
    </Stack>
  );
}
