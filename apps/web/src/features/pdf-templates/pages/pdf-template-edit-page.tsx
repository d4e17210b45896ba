import { useState } from 'react';
import { Alert, Button, Card, Grid, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { type PdfTemplateResource, pdfTemplateRequestSchema } from '@app/contracts';
import { PageHeader } from '../../../components/page-header';
import { PdfFrame } from '../../../components/pdf-frame';
import { QueryState } from '../../../components/query-state';
import { useReportDirty } from '../../../components/unsaved-changes';
import { errorText } from '../../../lib/api-error';
import { handleFormError } from '../../../lib/form-errors';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useCan } from '../../../lib/session';
import { LayoutFields } from '../components/layout-fields';
import { LabelFields } from '../components/label-fields';
import { type TemplateFormValues, formValuesOf, requestOf, templateFormFields } from '../template-form-values';
import { useMakeDefaultPdfTemplate, usePdfTemplate, usePdfTemplatePreview, useSavePdfTemplate } from '../pdf-templates-queries';

const PREVIEW_DEBOUNCE_MS = 500;

/** The sample document drawn with the draft as it stands; a draft the server refuses shows why. */
function Preview({ template, values }: { template: PdfTemplateResource; values: TemplateFormValues }) {
  const { t } = useTranslation();
  const [draft] = useDebouncedValue(values, PREVIEW_DEBOUNCE_MS);
  const parsed = pdfTemplateRequestSchema.safeParse(requestOf(draft));
  const preview = usePdfTemplatePreview(parsed.success ? { kind: template.kind, layout: parsed.data.layout } : null);
  return (
    <Card withBorder padding="md">
      <Title order={2} size="h5" mb="xs">
        {t('pdf_templates.preview')}
      </Title>
      {!parsed.success ? (
        <Text size="sm" c="dimmed">
          {t('pdf_templates.preview_invalid')}
        </Text>
      ) : preview.error ? (
        <Alert color="red" role="alert" title={t('pdf_templates.preview_failed')}>
          {errorText(preview.error, t('errors.generic'))}
        </Alert>
      ) : preview.data ? (
        <PdfFrame pdf={preview.data} title={t('pdf_templates.preview_frame', { name: template.name })} height="70vh" />
      ) : (
        <Text size="sm" c="dimmed">
          {t('common.loading')}
        </Text>
      )}
    </Card>
  );
}

function TemplateEditor({ template }: { template: PdfTemplateResource }) {
  const { t } = useTranslation();
  const can = useCan('platform');
  const mayEdit = !template.built_in && can('edit-pdf-template');
  const save = useSavePdfTemplate(template.id);
  const makeDefault = useMakeDefaultPdfTemplate();
  const form = useForm<TemplateFormValues>({ defaultValues: formValuesOf(template) });
  const {
    register,
    handleSubmit,
    setError,
    watch,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = form;
  useReportDirty(isDirty && !isSubmitting);
  const [savedAs, setSavedAs] = useState(template.name);

  const onSubmit = handleSubmit(async (values) => {
    const parsed = pdfTemplateRequestSchema.safeParse(requestOf(values));
    if (!parsed.success) {
      let focus = true;
      for (const issue of parsed.error.issues) {
        const field = templateFormFields.find((name) => name === issue.path.join('.'));
        if (!field) continue;
        setError(field, { type: 'schema', message: issue.message }, { shouldFocus: focus });
        focus = false;
      }
      return;
    }
    try {
      const saved = await save.mutateAsync(parsed.data);
      reset(formValuesOf(saved));
      setSavedAs(saved.name);
      notifySuccess(t('pdf_templates.saved', { name: saved.name }));
    } catch (err) {
      handleFormError(err, setError, templateFormFields);
    }
  });

  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, lg: 6 }}>
        <form onSubmit={onSubmit} noValidate>
          <Stack>
            {template.built_in && (
              <Alert color="blue" title={t('pdf_templates.built_in_title')}>
                {t('pdf_templates.built_in_help')}
              </Alert>
            )}
            <TextInput label={t('pdf_templates.name')} required readOnly={!mayEdit} error={errors.name?.message} {...register('name')} />
            <LayoutFields form={form} readOnly={!mayEdit} />
            <LabelFields form={form} kind={template.kind} readOnly={!mayEdit} />
            <Group>
              {mayEdit && (
                <Button type="submit" loading={isSubmitting}>
                  {t('common.save')}
                </Button>
              )}
              {!template.is_default && can('edit-pdf-template') && (
                <Button
                  variant="default"
                  loading={makeDefault.isPending}
                  onClick={() => makeDefault.mutate(template.id, { onSuccess: () => notifySuccess(t('pdf_templates.made_default', { name: savedAs })), onError: notifyError })}
                >
                  {t('pdf_templates.make_default')}
                </Button>
              )}
            </Group>
          </Stack>
        </form>
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 6 }}>
        {/* The preview stays in view while the long form scrolls. */}
        <div style={{ position: 'sticky', top: 'calc(var(--app-shell-header-height, 60px) + var(--mantine-spacing-md))' }}>
          <Preview template={template} values={watch()} />
        </div>
      </Grid.Col>
    </Grid>
  );
}

/** Admin area → PDF templates → one template: its layout options and labels beside a live preview of a sample document. */
export function PdfTemplateEditPage() {
  const { t } = useTranslation();
  const id = useParams().id ?? '';
  const template = usePdfTemplate(id);
  return (
    <>
      <PageHeader title={template.data?.name ?? t('pdf_templates.title')} description={template.data ? t(`pdf_templates.kinds.${template.data.kind}`) : undefined} />
      <QueryState isPending={template.isPending} error={template.error} onRetry={() => void template.refetch()}>
        {template.data && <TemplateEditor key={template.data.updated_at ?? template.data.id} template={template.data} />}
      </QueryState>
    </>
  );
}
