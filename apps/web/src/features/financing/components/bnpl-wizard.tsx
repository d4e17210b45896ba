import { useEffect, useReducer, useRef, useState } from 'react';
import { Alert, Button, Group, Stack, Stepper, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { BNPL_STEPS, type BnplFundRequest, MAX_DAYS_TO_DEFER, factoringFundAbility, financingMessages } from '@app/contracts';
import { errorText } from '../../../lib/api-error';
import { useCan } from '../../../lib/session';
import { useSavedMethods } from '../../saved-methods';
import { bnplReducer, initialBnplState, mayGoForward } from '../bnpl-steps';
import { useBnplOffer, useFundBnpl } from '../financing-queries';
import { BnplDaysStep } from './bnpl-days-step';
import { BnplFunded } from './bnpl-funded';
import { BnplMethodStep } from './bnpl-method-step';
import { BnplOfferStep } from './bnpl-offer-step';
import { BnplReviewStep } from './bnpl-review-step';

const STEP_NAMES = ['days', 'offer', 'method', 'review'] as const;

/** Refusals that only a new offer answers: the wizard offers to start again. */
const STALE_OFFER: readonly string[] = [financingMessages.offerExpired, financingMessages.offerUnknown, financingMessages.deferralChanged];

/** One fund request and the Idempotency-Key it went with: the same request sent again reuses the key, so the server funds once. */
type Attempt = { request: string; key: string };

/** The days typed, when they are a deferral the lender takes (whole days, 1 to the maximum). */
function readDays(value: string | number): number | null {
  const days = typeof value === 'number' ? value : Number(value.trim() === '' ? Number.NaN : value);
  return Number.isInteger(days) && days >= 1 && days <= MAX_DAYS_TO_DEFER ? days : null;
}

/**
 * The BNPL wizard (spec sections 2 to 5 and 9): 1 the deferral, 2 the lender's offer, 3 the saved
 * method to repay with, 4 review, terms and confirm, which shows the payment to the vendor. The
 * steps move by `bnplReducer`; refusals show in the server's words.
 */
export function BnplWizard({ invoiceId }: { invoiceId: string }) {
  const { t } = useTranslation();
  const narrow = useMediaQuery('(max-width: 48em)');
  // Deferring commits the business to a debt, as an advance does: the same abilities.
  const canFund = useCan('business')(factoringFundAbility);
  const [state, dispatch] = useReducer(bnplReducer, initialBnplState);
  const offer = useBnplOffer(invoiceId);
  const fund = useFundBnpl(invoiceId);
  const methods = useSavedMethods();
  const [days, setDays] = useState<string | number>(initialBnplState.daysToDefer);
  const [problem, setProblem] = useState<string | null>(null);
  const [termsAccepted, setTermsAccepted] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState<Attempt | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef(state.stepNum);

  // A keyboard or screen-reader user lands on the step they moved to, not on a button that vanished.
  useEffect(() => {
    if (shownStep.current === state.stepNum) return;
    shownStep.current = state.stepNum;
    heading.current?.focus();
  }, [state.stepNum]);

  const { loanOffer, stepNum } = state;
  const method = methods.data?.data.find((saved) => saved.id === state.selectedPaymentMethod);
  const stepName = STEP_NAMES[stepNum - 1] ?? 'days';

  const clearMessages = () => {
    setProblem(null);
    setServerError(null);
  };

  const askForOffer = async () => {
    const chosen = readDays(days);
    if (chosen === null) {
      setProblem(t('financing.bnpl.days_invalid', { max: MAX_DAYS_TO_DEFER }));
      return;
    }
    clearMessages();
    dispatch({ type: 'daysChanged', daysToDefer: chosen });
    if (loanOffer?.days_to_defer === chosen) {
      dispatch({ type: 'forward' });
      return;
    }
    try {
      dispatch({ type: 'offerReceived', loanOffer: await offer.mutateAsync(chosen) });
      dispatch({ type: 'forward' });
    } catch (err) {
      setServerError(errorText(err, t('errors.generic'), t('errors.network')));
    }
  };

  const next = () => {
    if (stepNum === 1) {
      void askForOffer();
      return;
    }
    if (!mayGoForward(state)) {
      setProblem(financingMessages.paymentMethodRequired);
      return;
    }
    clearMessages();
    dispatch({ type: 'forward' });
  };

  const confirm = async () => {
    if (!loanOffer || !state.selectedPaymentMethod) return;
    if (loanOffer.terms_url && !termsAccepted) {
      setProblem(financingMessages.termsRequired);
      return;
    }
    const body: BnplFundRequest = {
      offerId: loanOffer.id,
      daysToDefer: state.daysToDefer,
      selectedPaymentMethod: state.selectedPaymentMethod,
      ...(loanOffer.terms_url ? { termsAgreement: true } : {}),
    };
    const request = JSON.stringify(body);
    const key = attempt?.request === request ? attempt.key : crypto.randomUUID();
    setAttempt({ request, key });
    clearMessages();
    try {
      const answer = await fund.mutateAsync({ body, idempotencyKey: key });
      dispatch({ type: 'funded', payment: answer.payment, paymentReceiptUrl: answer.paymentReceiptUrl, loan: answer.loan });
    } catch (err) {
      setServerError(errorText(err, t('errors.generic'), t('errors.network')));
    }
  };

  const back = () => {
    clearMessages();
    dispatch({ type: 'back' });
  };

  const reset = () => {
    clearMessages();
    setDays(initialBnplState.daysToDefer);
    setTermsAccepted(false);
    dispatch({ type: 'reset' });
  };

  const funded = state.loan !== null;
  const staleOffer = serverError !== null && STALE_OFFER.includes(serverError);

  return (
    <Stack gap="lg">
      <Stepper active={funded ? BNPL_STEPS : stepNum - 1} orientation={narrow ? 'vertical' : 'horizontal'} size="sm">
        {STEP_NAMES.map((name) => (
          <Stepper.Step key={name} label={t(`financing.bnpl.steps.${name}`)} allowStepSelect={false} />
        ))}
      </Stepper>
      <Stack gap="md" component="section" aria-labelledby="bnpl-step-title">
        <Title order={2} fz="h3" id="bnpl-step-title" ref={heading} tabIndex={-1}>
          {funded ? t('financing.bnpl.done_title') : t('financing.bnpl.step_title', { step: stepNum, steps: BNPL_STEPS, name: t(`financing.bnpl.steps.${stepName}`) })}
        </Title>
        {serverError && (
          <Alert color="red" role="alert" title={t(stepNum === 1 ? 'financing.bnpl.no_offer_title' : 'financing.bnpl.refused_title')}>
            <Stack gap="xs" align="flex-start">
              {serverError}
              {staleOffer && (
                <Button size="xs" variant="light" color="red" onClick={reset}>
                  {t('financing.bnpl.start_again')}
                </Button>
              )}
            </Stack>
          </Alert>
        )}
        {stepNum === 1 && (
          <BnplDaysStep
            days={days}
            onDaysChange={(value) => {
              setDays(value);
              setProblem(null);
            }}
            daysProblem={problem}
          />
        )}
        {stepNum === 2 && loanOffer && <BnplOfferStep offer={loanOffer} />}
        {stepNum === 3 && (
          <BnplMethodStep
            selected={state.selectedPaymentMethod}
            onSelect={(id) => {
              setProblem(null);
              dispatch({ type: 'methodSelected', selectedPaymentMethod: id });
            }}
            problem={problem}
          />
        )}
        {stepNum === 4 && loanOffer && !funded && (
          <BnplReviewStep
            offer={loanOffer}
            methodName={method?.name ?? ''}
            termsAccepted={termsAccepted}
            onTermsAcceptedChange={(accepted) => {
              setTermsAccepted(accepted);
              setProblem(null);
            }}
            termsProblem={problem}
            cannotFund={canFund ? null : t('financing.bnpl.cannot_fund')}
          />
        )}
        {loanOffer && state.loan && <BnplFunded offer={loanOffer} loan={state.loan} payment={state.payment} paymentReceiptUrl={state.paymentReceiptUrl} methodName={method?.name ?? ''} />}
        {!funded && (
          <Group justify="space-between">
            <Group gap="xs">
              <Button variant="default" disabled={stepNum === 1} onClick={back}>
                {t('common.back')}
              </Button>
              <Button variant="subtle" disabled={stepNum === 1 && loanOffer === null} onClick={reset}>
                {t('financing.bnpl.reset')}
              </Button>
            </Group>
            {stepNum < BNPL_STEPS ? (
              <Button onClick={next} loading={offer.isPending}>
                {stepNum === 1 ? t('financing.bnpl.see_offer') : t('financing.bnpl.next')}
              </Button>
            ) : (
              <Button onClick={() => void confirm()} loading={fund.isPending} disabled={!canFund}>
                {t('financing.bnpl.confirm')}
              </Button>
            )}
          </Group>
        )}
      </Stack>
    </Stack>
  );
}
