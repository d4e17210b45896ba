import { lazy, Suspense, useState } from 'react';
import { Center, Loader } from '@mantine/core';
import { guestText } from '../../../lib/guest-text';
import { onDemandScreen } from '../../../lib/on-demand-screen';
import { LoginForm } from '../components/login-form';
import { useCompleteSignIn } from '../sign-in';

const TwoFactorChallengeForm = lazy(
  onDemandScreen(() => import('../components/two-factor-challenge-form').then((m) => ({ default: m.TwoFactorChallengeForm }))),
);

export function LoginPage() {
  const [step, setStep] = useState<'credentials' | 'two-factor'>('credentials');
  const completeSignIn = useCompleteSignIn();
  if (step === 'two-factor') {
    return (
      <Suspense
        fallback={
          <Center py="xl">
            <Loader aria-label={guestText('common.loading')} />
          </Center>
        }
      >
        <TwoFactorChallengeForm onSignedIn={completeSignIn} onCancel={() => setStep('credentials')} />
      </Suspense>
    );
  }
  return <LoginForm onTwoFactor={() => setStep('two-factor')} onSignedIn={completeSignIn} />;
}
