import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Card, Code, Grid, Group, SegmentedControl, SimpleGrid, Stack, Switch, Table, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { z } from 'zod';
import { type EmailTemplateKey, type EmailTemplateRequest, type EmailTemplateResource, emailTemplateKeySchema, emailTemplateRequestSchema } from '@app/contracts';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { useReportDirty } from '../../../components/unsaved-changes';
import { errorText } from '../../../lib/api-error';
import { handleFormError } from '../../../lib/form-errors';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useCan } from '../../../lib/session';
import { useEmailTemplate, useEmailTemplatePreview, useResetEmailTemplate, useSaveEmailTemplate, useSendTestMail } from '../email-templates-queries';

const FIELDS = ['subject', 'body', 'cc', 'bcc', 'from_name', 'from_email', 'active'] as const;
const PREVIEW_DEBOUNCE_MS = 400;

function defaultsOf(template: EmailTemplateResource): EmailTemplateRequest {
  return {
    subject: template.subject,
    body: template.body,
    cc: template.cc ?? '',
    bcc: template.bcc ?? '',
    from_name: template.from_name ?? '',
    from_email: template.from_email ?? '',
    // Editing a built-in template is meant to use the result.
    active: template.customized ? template.active : true,
  };
}

/**
 * The HTML part as a mail client shows it, in a shadow root so its layout's styles and the page's
 * stay apart. It is the server's layout around escaped text (no markup of the admin's gets in),
 * and markup set this way runs no script.
 */
function MailHtml({ html, label }: { html: string; label: string }) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = host.current;
    if (!element) return;
    (element.shadowRoot ?? element.attachShadow({ mode: 'open' })).innerHTML = html;
  }, [html]);
  return <div ref={host} role="document" aria-label={label} style={{ minHeight: 240, padding: 12, border: '1px solid var(--mantine-color-gray-3)', borderRadius: 4, background: '#fff' }} />;
}

/** The draft rendered with the sample data: the subject, then the HTML part or the text part. */
function Preview({ templateKey, subject, body }: { templateKey: EmailTemplateKey; subject: string; body: string }) {
  const { t } = useTranslation();
  const [draft] = useDebouncedValue({ subject, body }, PREVIEW_DEBOUNCE_MS);
  const preview = useEmailTemplatePreview(templateKey, draft);
  const [part, setPart] = useState<'html' | 'text'>('html');
  return (
    <Card withBorder padding="md">
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h5">
          {t('email_templates.preview')}
        </Title>
        <SegmentedControl
          size="xs"
          value={part}
          onChange={(value) => setPart(value === 'text' ? 'text' : 'html')}
          data={[
            { value: 'html', label: t('email_templates.html') },
            { value: 'text', label: t('email_templates.text') },
          ]}
        />
      </Group>
      {preview.error ? (
        <Alert color="red" role="alert" title={t('email_templates.preview_failed')}>
          {errorText(preview.error, t('errors.generic'))}
        </Alert>
      ) : preview.data ? (
        <Stack gap="xs" aria-live="polite">
          <Text size="sm">
            <Text span fw={600}>
              {t('email_templates.subject')}:
            </Text>{' '}
            {preview.data.subject}
          </Text>
          {part === 'html' ? (
            <MailHtml html={preview.data.html} label={t('email_templates.preview_frame')} />
          ) : (
            <Code block>{preview.data.text}</Code>
          )}
        </Stack>
      ) : (
        <Text size="sm" c="dimmed">
          {t('common.loading')}
        </Text>
      )}
    </Card>
  );
}

function TemplateEditor({ template }: { template: EmailTemplateResource }) {
  const { t } = useTranslation();
  const can = useCan('platform');
  const mayEdit = can('edit-email-template');
  const save = useSaveEmailTemplate(template.id);
  const reset = useResetEmailTemplate(template.id);
  const sendTest = useSendTestMail(template.id);
  const [resetting, setResetting] = useState(false);
  const {
    control,
    register,
    handleSubmit,
    setError,
    watch,
    reset: resetForm,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<EmailTemplateRequest, unknown, z.output<typeof emailTemplateRequestSchema>>({ resolver: zodResolver(emailTemplateRequestSchema), defaultValues: defaultsOf(template) });
  useReportDirty(isDirty && !isSubmitting);

  const onSubmit = handleSubmit(async (values) => {
    try {
      await save.mutateAsync(values);
      resetForm(values);
      notifySuccess(t('email_templates.saved', { name: template.name }));
    } catch (err) {
      handleFormError(err, setError, FIELDS);
    }
  });

  const confirmReset = () =>
    reset.mutate(undefined, {
      onSuccess: () => {
        notifySuccess(t('email_templates.reset_done'));
        setResetting(false);
      },
      onError: notifyError,
    });

  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, lg: 7 }}>
        <form onSubmit={onSubmit} noValidate>
          <Stack>
            <TextInput label={t('email_templates.subject')} required readOnly={!mayEdit} error={errors.subject?.message} {...register('subject')} />
            <Textarea
              label={t('email_templates.body')}
              description={t('email_templates.body_help')}
              required
              readOnly={!mayEdit}
              autosize
              minRows={10}
              maxRows={30}
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
              error={errors.body?.message}
              {...register('body')}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label={t('email_templates.from_name')} readOnly={!mayEdit} error={errors.from_name?.message} {...register('from_name')} />
              <TextInput label={t('email_templates.from_email')} description={t('email_templates.from_email_help')} type="email" readOnly={!mayEdit} error={errors.from_email?.message} {...register('from_email')} />
              <TextInput label={t('email_templates.cc')} type="email" readOnly={!mayEdit} error={errors.cc?.message} {...register('cc')} />
              <TextInput label={t('email_templates.bcc')} type="email" readOnly={!mayEdit} error={errors.bcc?.message} {...register('bcc')} />
            </SimpleGrid>
            <Controller
              control={control}
              name="active"
              render={({ field }) => (
                <Switch
                  label={t('email_templates.active')}
                  description={t('email_templates.active_help')}
                  disabled={!mayEdit}
                  checked={field.value}
                  onChange={(event) => field.onChange(event.currentTarget.checked)}
                  onBlur={field.onBlur}
                  ref={field.ref}
                />
              )}
            />
            {mayEdit && (
              <Group>
                <Button type="submit" loading={isSubmitting}>
                  {t('common.save')}
                </Button>
                <Button
                  variant="default"
                  loading={sendTest.isPending}
                  onClick={() => sendTest.mutate(undefined, { onSuccess: (answer) => notifySuccess(answer.message), onError: notifyError })}
                >
                  {t('email_templates.send_test')}
                </Button>
                {template.customized && (
                  <Button variant="subtle" color="red" onClick={() => setResetting(true)}>
                    {t('email_templates.reset')}
                  </Button>
                )}
              </Group>
            )}
          </Stack>
        </form>
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 5 }}>
        <Stack>
          <Preview templateKey={template.id} subject={watch('subject')} body={watch('body')} />
          <Card withBorder padding="md">
            <Title order={2} size="h5" mb="xs">
              {t('email_templates.variables')}
            </Title>
            <Text size="xs" c="dimmed" mb="xs">
              {t('email_templates.variables_help')}
            </Text>
            <Table>
              <Table.Tbody>
                {template.variables.map((variable) => (
                  <Table.Tr key={variable.name}>
                    <Table.Td>
                      <Code style={{ whiteSpace: 'nowrap' }}>{`{{ ${variable.name} }}`}</Code>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{variable.description}</Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Card>
        </Stack>
      </Grid.Col>
      <ConfirmDialog
        opened={resetting}
        title={t('email_templates.reset_title')}
        message={t('email_templates.reset_message', { name: template.name })}
        loading={reset.isPending}
        onConfirm={confirmReset}
        onCancel={() => setResetting(false)}
      />
    </Grid>
  );
}

function TemplateLoader({ templateKey }: { templateKey: EmailTemplateKey }) {
  const { t } = useTranslation();
  const template = useEmailTemplate(templateKey);
  return (
    <>
      <PageHeader title={template.data?.name ?? t('email_templates.title')} description={template.data?.description} />
      <QueryState isPending={template.isPending} error={template.error} onRetry={() => void template.refetch()}>
        {template.data && <TemplateEditor key={template.data.updated_at ?? 'built-in'} template={template.data} />}
      </QueryState>
    </>
  );
}

/** Admin area → email templates → one template: its Liquid subject and body beside a live preview and the variables it may use. */
export function EmailTemplateEditPage() {
  const { t } = useTranslation();
  const parsed = emailTemplateKeySchema.safeParse(useParams().id);
  if (parsed.success) return <TemplateLoader templateKey={parsed.data} />;
  return (
    <>
      <PageHeader title={t('email_templates.title')} />
      <Alert color="red">{t('email_templates.unknown')}</Alert>
    </>
  );
}
