import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PaymentMethodSetupResource } from '@app/contracts';
import { errorText } from '../../lib/api-error';
import { type CardForm, paymentTokens } from '../../lib/payment-tokens';
import type { SetupTarget } from './saved-methods-queries';

type Step = { kind: 'starting' } | { kind: 'ready' } | { kind: 'saving' } | { kind: 'failed'; message: string };

/**
 * The provider's card form for saving a card (a SetupIntent confirmed by Stripe.js): the card number
 * never touches our code; the server is then told the setup's id and asks the provider itself.
 */
export function SaveCardForm({ target, onSaved, onCancel }: { target: SetupTarget; onSaved: () => void; onCancel?: () => void }) {
  const { t } = useTranslation();
  const [step, setStep] = useState<Step>({ kind: 'starting' });
  const [setup, setSetup] = useState<PaymentMethodSetupResource | null>(null);
  const mountPoint = useRef<HTMLDivElement>(null);
  const form = useRef<CardForm | null>(null);
  const failedWith = (error: unknown): Step => ({ kind: 'failed', message: errorText(error, t('saved_methods.failed')) ?? t('saved_methods.failed') });

  // One setup per form shown: `target` is stable (a module constant or memoised per link).
  useEffect(() => {
    let cancelled = false;
    target
      .start()
      .then(async (started) => {
        if (cancelled || !mountPoint.current) return;
        setSetup(started);
        const made = await paymentTokens(started.publishable_key, started.provider_script).cardForm();
        if (cancelled || !mountPoint.current) return made.destroy();
        form.current = made;
        made.mount(mountPoint.current);
        setStep({ kind: 'ready' });
      })
      .catch((error: unknown) => setStep({ kind: 'failed', message: errorText(error, t('saved_methods.failed')) ?? t('saved_methods.failed') }));
    return () => {
      cancelled = true;
      form.current?.destroy();
      form.current = null;
    };
  }, [target, t]);

  async function save() {
    if (!form.current || !setup) return;
    setStep({ kind: 'saving' });
    try {
      const setupIntentId = await form.current.save(setup.client_secret);
      await target.finish(setupIntentId);
      onSaved();
    } catch (error) {
      setStep(failedWith(error));
    }
  }

  return (
    <Stack>
      <Text fw={500} size="sm" id="save-card-label">
        {t('saved_methods.card_label')}
      </Text>
      <div ref={mountPoint} data-testid="card-form" aria-labelledby="save-card-label" />
      {step.kind === 'failed' && (
        <Alert color="red" role="alert">
          {step.message}
        </Alert>
      )}
      <Group>
        <Button onClick={() => void save()} loading={step.kind === 'saving' || step.kind === 'starting'} disabled={!setup}>
          {t('saved_methods.save')}
        </Button>
        {onCancel && (
          <Button variant="default" onClick={onCancel}>
            {t('saved_methods.cancel')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
