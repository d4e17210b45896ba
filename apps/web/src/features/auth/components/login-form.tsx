import { Anchor, Button, Checkbox, Group, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { z } from 'zod';
import type { LoginRequest, loginRequestSchema } from '@app/contracts';
import { handleFormError } from '../../../lib/form-errors';
import { lazyResolver } from '../../../lib/lazy-resolver';
import { useTenantConfig } from '../../../lib/tenant';
import { useLogin } from '../auth-queries';

const validation = lazyResolver<LoginRequest, unknown, z.output<typeof loginRequestSchema>>(() =>
  import('../login-validation').then((m) => m.loginResolver),
);

interface LoginFormProps {
  onTwoFactor: () => void;
  onSignedIn: () => Promise<void>;
}

export function LoginForm({ onTwoFactor, onSignedIn }: LoginFormProps) {
  const { t } = useTranslation();
  const login = useLogin();
  const signupAllowed = useTenantConfig()?.switches.allow_business_signup ?? false;
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<LoginRequest, unknown, z.output<typeof loginRequestSchema>>({
    resolver: validation.resolver,
    defaultValues: { email: '', password: '', remember: false },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const result = await login.mutateAsync(values);
      if (result.two_factor) onTwoFactor();
      else await onSignedIn();
    } catch (err) {
      handleFormError(err, setError, ['email', 'password']);
    }
  });

  return (
    <form onSubmit={onSubmit} onFocus={validation.preload} noValidate>
      <Stack>
        <Title order={1} fz="h3">
          {t('auth.login_title')}
        </Title>
        <TextInput label={t('auth.email')} type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
        <PasswordInput label={t('auth.password')} autoComplete="current-password" error={errors.password?.message} {...register('password')} />
        <Group justify="space-between">
          <Checkbox label={t('auth.remember_me')} {...register('remember')} />
          <Anchor component={Link} to="/forgot-password" size="sm">
            {t('auth.forgot_password_link')}
          </Anchor>
        </Group>
        <Button type="submit" loading={isSubmitting} fullWidth>
          {t('auth.sign_in')}
        </Button>
        {signupAllowed && (
          <Text size="sm" ta="center">
            {t('auth.no_account')}{' '}
            <Anchor component={Link} to="/sign-up">
              {t('auth.sign_up_link')}
            </Anchor>
          </Text>
        )}
      </Stack>
    </form>
  );
}
