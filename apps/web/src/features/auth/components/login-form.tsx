import { type FormEvent, useRef, useState } from 'react';
import { Anchor, Button, Checkbox, Group, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import type { UseFormSetError } from 'react-hook-form';
import { guestText } from '../../../lib/guest-text';
import { Link } from 'react-router';
import type { LoginRequest } from '@app/contracts';
import { handleFormError } from '../../../lib/form-errors';
import { loadOnDemand } from '../../../lib/load-on-demand';
import { useTenantConfig } from '../../../lib/tenant';
import { logIn } from '../sign-in';
import type { LoginField, LoginFieldErrors } from '../login-validation';

/**
 * The login form is the one form of the login entry, so it keeps its three fields in React state
 * rather than loading a form library; its validation (zod and the contract schema) loads on demand.
 */
const validation = loadOnDemand(() => import('../login-validation').then((m) => m.validateLogin));

/** In the order they are on screen: the first field with an error gets the focus. */
const loginFields: readonly LoginField[] = ['email', 'password', 'remember'];

interface LoginFormProps {
  onTwoFactor: () => void;
  onSignedIn: () => Promise<void>;
}

export function LoginForm({ onTwoFactor, onSignedIn }: LoginFormProps) {
  const signupAllowed = useTenantConfig()?.switches.allow_business_signup ?? false;
  const [values, setValues] = useState({ email: '', password: '', remember: false });
  const [errors, setErrors] = useState<LoginFieldErrors>({});
  const [isSubmitting, setSubmitting] = useState(false);
  const submitted = useRef(false);
  const inputs = { email: useRef<HTMLInputElement>(null), password: useRef<HTMLInputElement>(null), remember: useRef<HTMLInputElement>(null) };

  const showError = (field: LoginField, message: string | undefined) => setErrors((previous) => ({ ...previous, [field]: message }));

  const setError: UseFormSetError<LoginRequest> = (name, error, options) => {
    const field = loginFields.find((candidate) => candidate === name);
    if (!field) return;
    showError(field, error.message);
    if (options?.shouldFocus) inputs[field].current?.focus();
  };

  const change = <F extends LoginField>(field: F, value: (typeof values)[F]) => {
    const next = { ...values, [field]: value };
    setValues(next);
    // Once the form was submitted, every edit checks its field again.
    if (submitted.current) {
      validation
        .get()
        .then((validate) => {
          const result = validate(next);
          showError(field, result.ok ? undefined : result.errors[field]);
        })
        // The next submit loads the validation again and reports a failure.
        .catch(() => undefined);
    }
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    submitted.current = true;
    setSubmitting(true);
    try {
      const result = (await validation.get())(values);
      if (!result.ok) {
        setErrors(result.errors);
        const first = loginFields.find((field) => result.errors[field] !== undefined);
        if (first) inputs[first].current?.focus();
        return;
      }
      setErrors({});
      const answer = await logIn(result.data);
      if (answer.two_factor) onTwoFactor();
      else await onSignedIn();
    } catch (err) {
      handleFormError(err, setError, ['email', 'password']);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form onSubmit={(event) => void onSubmit(event)} onFocus={validation.preload} noValidate>
      <Stack>
        <Title order={1} fz="h3">
          {guestText('auth.login_title')}
        </Title>
        <TextInput
          ref={inputs.email}
          name="email"
          label={guestText('auth.email')}
          type="email"
          autoComplete="email"
          error={errors.email}
          value={values.email}
          onChange={(event) => change('email', event.currentTarget.value)}
        />
        <PasswordInput
          ref={inputs.password}
          name="password"
          label={guestText('auth.password')}
          autoComplete="current-password"
          error={errors.password}
          value={values.password}
          onChange={(event) => change('password', event.currentTarget.value)}
        />
        <Group justify="space-between">
          <Checkbox
            ref={inputs.remember}
            name="remember"
            label={guestText('auth.remember_me')}
            checked={values.remember}
            onChange={(event) => change('remember', event.currentTarget.checked)}
          />
          <Anchor component={Link} to="/forgot-password" size="sm">
            {guestText('auth.forgot_password_link')}
          </Anchor>
        </Group>
        <Button type="submit" loading={isSubmitting} fullWidth>
          {guestText('auth.sign_in')}
        </Button>
        {signupAllowed && (
          <Text size="sm" ta="center">
            {guestText('auth.no_account')}{' '}
            <Anchor component={Link} to="/sign-up">
              {guestText('auth.sign_up_link')}
            </Anchor>
          </Text>
        )}
      </Stack>
    </form>
  );
}
