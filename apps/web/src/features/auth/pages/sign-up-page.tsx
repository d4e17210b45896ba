import { useState } from 'react';
import { Alert, Anchor, Button, Center, Loader, PasswordInput, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { z } from 'zod';
import { signUpRequestSchema, type SignUpRequest } from '@app/contracts';
import { BusinessTypeSelects } from '../../../components/business-type-selects';
import { handleFormError } from '../../../lib/form-errors';
import { tenantConfigQueryOptions } from '../../../lib/tenant';
import { useSignUp } from '../auth-queries';

type Output = z.output<typeof signUpRequestSchema>;

/**
 * After sending, the page says the same whatever the address: the mail says whether to finish
 * signing up (a new address) or to sign in (an address that already has an account).
 */
function CheckYourEmail({ email }: { email: string }) {
  const { t } = useTranslation();
  return (
    <Stack>
      <Title order={1} fz="h3">
        {t('auth.check_email_title')}
      </Title>
      <Alert color="green" role="status">
        {t('auth.check_email_help', { email })}
      </Alert>
      <Text size="sm">{t('auth.check_email_next')}</Text>
      <Anchor component={Link} to="/login" ta="center">
        {t('auth.back_to_login')}
      </Anchor>
    </Stack>
  );
}

function SignUpForm({ onSent }: { onSent: (email: string) => void }) {
  const { t } = useTranslation();
  const signUp = useSignUp();
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<SignUpRequest, unknown, Output>({
    resolver: zodResolver(signUpRequestSchema),
    defaultValues: {
      name: '',
      email: '',
      phone: '',
      password: '',
      password_confirmation: '',
      business_name: '',
      business_type: 'company',
      business_structure: 'private_corporation',
    },
  });
  const businessType = watch('business_type') ?? 'company';
  const businessStructure = watch('business_structure') ?? 'private_corporation';

  const onSubmit = handleSubmit(async (values) => {
    try {
      await signUp.mutateAsync(values);
      onSent(values.email);
    } catch (err) {
      handleFormError(err, setError, [
        'name', 'email', 'phone', 'password', 'password_confirmation', 'business_name', 'business_type', 'business_structure',
      ]);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack>
        <Title order={1} fz="h3">
          {t('auth.sign_up_title')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t('auth.name')} autoComplete="name" error={errors.name?.message} {...register('name')} />
          <TextInput label={t('auth.email')} type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
          <TextInput label={t('auth.phone')} type="tel" autoComplete="tel" error={errors.phone?.message} {...register('phone')} />
          <TextInput label={t('business.name')} autoComplete="organization" error={errors.business_name?.message} {...register('business_name')} />
          <BusinessTypeSelects
            value={{ business_type: businessType, business_structure: businessStructure }}
            onChange={(kind) => {
              setValue('business_type', kind.business_type, { shouldDirty: true });
              setValue('business_structure', kind.business_structure, { shouldDirty: true, shouldValidate: Boolean(errors.business_structure) });
            }}
            typeError={errors.business_type?.message}
            structureError={errors.business_structure?.message}
          />
          <PasswordInput label={t('auth.password')} autoComplete="new-password" error={errors.password?.message} {...register('password')} />
          <PasswordInput
            label={t('auth.confirm_password')}
            autoComplete="new-password"
            error={errors.password_confirmation?.message}
            {...register('password_confirmation')}
          />
        </SimpleGrid>
        <Button type="submit" loading={isSubmitting} fullWidth>
          {t('auth.create_account')}
        </Button>
        <Text size="sm" ta="center">
          {t('auth.have_account')}{' '}
          <Anchor component={Link} to="/login">
            {t('auth.sign_in')}
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}

export function SignUpPage() {
  const { t } = useTranslation();
  const { data: config, isPending } = useQuery(tenantConfigQueryOptions);
  const [sentTo, setSentTo] = useState<string | null>(null);
  if (isPending) {
    return (
      <Center py="xl">
        <Loader aria-label={t('common.loading')} />
      </Center>
    );
  }
  if (!config?.switches.allow_business_signup) {
    return (
      <Stack>
        <Alert color="yellow" title={t('auth.sign_up_title')}>
          {t('auth.sign_up_disabled')}
        </Alert>
        <Anchor component={Link} to="/login" ta="center">
          {t('auth.back_to_login')}
        </Anchor>
      </Stack>
    );
  }
  return sentTo === null ? <SignUpForm onSent={setSentTo} /> : <CheckYourEmail email={sentTo} />;
}
