import { useState, type FormEvent } from 'react';
import { Alert, Button, Code, Group, NativeSelect, PasswordInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { type MailConfigResource, type UpdateMailConfigRequest, emailSchema, mailEncryptions, messages, updateMailConfigRequestSchema } from '@app/contracts';
import { useReportDirty } from '../../../components/unsaved-changes';
import { errorText } from '../../../lib/api-error';
import { handleFormError } from '../../../lib/form-errors';
import { notifySuccess } from '../../../lib/notify';
import { type MailArea, useSaveMailConfig, useSendTestMail } from '../mail-config-queries';

/**
 * Whether the form's server differs from the saved one while a password is stored: the stored
 * password is never sent to another server, so it must be typed again (the server insists too).
 */
function needsPasswordAgain(config: MailConfigResource, values: { host?: string | undefined; port?: unknown; username?: string | null | undefined; encryption?: string | undefined }): boolean {
  if (!config.has_password || !values.username?.trim()) return false;
  return (
    (values.host ?? '').trim().toLowerCase() !== config.host.toLowerCase() ||
    Number(values.port) !== config.port ||
    values.username.trim() !== (config.username ?? '') ||
    values.encryption !== config.encryption
  );
}

/** The server, login and sender of one area's mail; the stored password is never shown. */
export function MailConfigForm({ area, config, canEdit }: { area: MailArea; config: MailConfigResource; canEdit: boolean }) {
  const { t } = useTranslation();
  const save = useSaveMailConfig(area);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    watch,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<UpdateMailConfigRequest, unknown, z.output<typeof updateMailConfigRequestSchema>>({
    resolver: zodResolver(updateMailConfigRequestSchema),
    defaultValues: { host: config.host, port: config.port, username: config.username ?? '', password: '', encryption: config.encryption, from_name: config.from_name, from_address: config.from_address },
  });
  useReportDirty(isDirty && !isSubmitting);
  const passwordAgain = needsPasswordAgain(config, watch());

  const onSubmit = handleSubmit(async (values) => {
    if (!values.password && needsPasswordAgain(config, values)) {
      setError('password', { type: 'server', message: messages.mailPasswordRequired });
      return;
    }
    try {
      const { data } = await save.mutateAsync(values);
      notifySuccess(t('mail_config.saved'));
      reset({ ...values, username: data.username ?? '', password: '' });
    } catch (err) {
      handleFormError(err, setError, ['host', 'port', 'username', 'password', 'encryption', 'from_name', 'from_address']);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <fieldset disabled={!canEdit} style={{ border: 0, padding: 0, margin: 0 }}>
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={t('mail_config.host')} description={t('mail_config.host_help')} required error={errors.host?.message} {...register('host')} />
            <TextInput label={t('mail_config.port')} required inputMode="numeric" error={errors.port?.message} {...register('port')} />
            <TextInput label={t('mail_config.username')} autoComplete="off" error={errors.username?.message} {...register('username')} />
            <PasswordInput
              label={t('mail_config.password')}
              description={passwordAgain ? t('mail_config.password_again') : config.has_password ? t('mail_config.password_keep') : undefined}
              placeholder={config.has_password && !passwordAgain ? '********' : undefined}
              required={passwordAgain}
              autoComplete="new-password"
              error={errors.password?.message}
              {...register('password')}
            />
            <NativeSelect label={t('mail_config.encryption')} data={mailEncryptions.map((value) => ({ value, label: t(`mail_config.encryptions.${value}`) }))} {...register('encryption')} />
            <div />
            <TextInput label={t('mail_config.from_name')} required error={errors.from_name?.message} {...register('from_name')} />
            <TextInput label={t('mail_config.from_address')} required type="email" error={errors.from_address?.message} {...register('from_address')} />
          </SimpleGrid>
          {canEdit && (
            <Group justify="flex-end">
              <Button type="submit" loading={isSubmitting}>
                {t('common.save')}
              </Button>
            </Group>
          )}
        </Stack>
      </fieldset>
    </form>
  );
}

/** Sends one mail now and shows what the SMTP server answered (or why it failed). */
export function TestMail({ area }: { area: MailArea }) {
  const { t } = useTranslation();
  const send = useSendTestMail(area);
  const [to, setTo] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const [answer, setAnswer] = useState<{ ok: boolean; text: string } | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = emailSchema.safeParse(to);
    if (!parsed.success) {
      setInvalid(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setInvalid(null);
    setAnswer(null);
    send.mutate(parsed.data, {
      onSuccess: (response) => setAnswer({ ok: true, text: response.message }),
      onError: (err) => setAnswer({ ok: false, text: errorText(err, t('errors.generic'), t('errors.network')) ?? t('errors.generic') }),
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Group align="flex-end">
          <TextInput label={t('mail_config.test_to')} type="email" value={to} onChange={(event) => setTo(event.currentTarget.value)} error={invalid} style={{ flex: 1 }} maw={360} />
          <Button type="submit" variant="light" loading={send.isPending}>
            {t('mail_config.send_test')}
          </Button>
        </Group>
        {answer && (
          <Alert color={answer.ok ? 'green' : 'red'} title={t(answer.ok ? 'mail_config.test_sent' : 'mail_config.test_failed')} role="status">
            <Code block data-testid="smtp-answer">
              {answer.text}
            </Code>
          </Alert>
        )}
      </Stack>
    </form>
  );
}
