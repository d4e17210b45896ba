import { useState } from 'react';
import { Anchor, Badge, Button, Card, ColorSwatch, Group, Modal, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import { type PdfTemplateCreateRequest, type PdfTemplateResource, pdfTemplateCreateRequestSchema, pdfTemplateKinds } from '@app/contracts';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { handleFormError } from '../../../lib/form-errors';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { adminLinks } from '../../../lib/paths';
import { useCan } from '../../../lib/session';
import { useCreatePdfTemplate, useDeletePdfTemplate, useMakeDefaultPdfTemplate, usePdfTemplates } from '../pdf-templates-queries';

/** A new template, copied from `source` under a name the admin types. */
function CopyModal({ source, onClose }: { source: PdfTemplateResource; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreatePdfTemplate();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<PdfTemplateCreateRequest, unknown, z.output<typeof pdfTemplateCreateRequestSchema>>({
    resolver: zodResolver(pdfTemplateCreateRequestSchema),
    defaultValues: { name: t('pdf_templates.copy_name', { name: source.name }), copy_of: source.id },
  });
  const onSubmit = handleSubmit(async (values) => {
    try {
      const created = await create.mutateAsync(values);
      notifySuccess(t('pdf_templates.created', { name: created.name }));
      void navigate(adminLinks.pdfTemplateEdit(created.id));
    } catch (err) {
      handleFormError(err, setError, ['name', 'copy_of']);
    }
  });
  return (
    <Modal opened onClose={onClose} title={t('pdf_templates.copy_title', { name: source.name })} centered>
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <TextInput label={t('pdf_templates.name')} required data-autofocus error={errors.name?.message ?? errors.copy_of?.message} {...register('name')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={isSubmitting}>
              {t('pdf_templates.copy')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function TemplateCard({ template, onCopy, onDelete }: { template: PdfTemplateResource; onCopy: () => void; onDelete: () => void }) {
  const { t } = useTranslation();
  const can = useCan('platform');
  const makeDefault = useMakeDefaultPdfTemplate();
  return (
    <Card withBorder padding="md">
      <Group justify="space-between" wrap="nowrap" mb="xs">
        <Anchor component={Link} to={adminLinks.pdfTemplateEdit(template.id)} fw={600}>
          {template.name}
        </Anchor>
        <Group gap={4} wrap="nowrap">
          {template.is_default && <Badge color="green">{t('pdf_templates.default')}</Badge>}
          {template.built_in && (
            <Badge variant="light" color="gray">
              {t('pdf_templates.built_in')}
            </Badge>
          )}
        </Group>
      </Group>
      <Group gap="xs" mb="sm" wrap="nowrap">
        <ColorSwatch color={template.layout.accent_color} size={14} aria-hidden />
        <Text size="sm" c="dimmed">
          {t('pdf_templates.summary', { header: t(`pdf_templates.headers.${template.layout.header}`), font: template.layout.font, size: template.layout.font_size })}
        </Text>
      </Group>
      <Group gap="xs">
        {!template.is_default && can('edit-pdf-template') && (
          <Button
            size="xs"
            variant="light"
            loading={makeDefault.isPending}
            onClick={() => makeDefault.mutate(template.id, { onSuccess: () => notifySuccess(t('pdf_templates.made_default', { name: template.name })), onError: notifyError })}
          >
            {t('pdf_templates.make_default')}
          </Button>
        )}
        {can('create-pdf-template') && (
          <Button size="xs" variant="default" onClick={onCopy}>
            {t('pdf_templates.copy')}
          </Button>
        )}
        {!template.built_in && can('delete-pdf-template') && (
          <Button size="xs" variant="subtle" color="red" onClick={onDelete}>
            {t('pdf_templates.delete')}
          </Button>
        )}
      </Group>
    </Card>
  );
}

/** Admin area → PDF templates: the built-in ones and the tenant's copies, by kind, each kind's default marked. */
export function PdfTemplatesPage() {
  const { t } = useTranslation();
  const templates = usePdfTemplates();
  const remove = useDeletePdfTemplate();
  const [copying, setCopying] = useState<PdfTemplateResource | null>(null);
  const [deleting, setDeleting] = useState<PdfTemplateResource | null>(null);
  const confirmDelete = (template: PdfTemplateResource) =>
    remove.mutate(template.id, {
      onSuccess: () => {
        notifySuccess(t('pdf_templates.deleted', { name: template.name }));
        setDeleting(null);
      },
      onError: notifyError,
    });
  return (
    <>
      <PageHeader title={t('pdf_templates.title')} description={t('pdf_templates.description')} />
      <QueryState isPending={templates.isPending} error={templates.error} onRetry={() => void templates.refetch()}>
        <Stack gap="xl">
          {pdfTemplateKinds.map((kind) => (
            <section key={kind} aria-labelledby={`pdf-templates-${kind}`}>
              <Title order={2} size="h4" mb="sm" id={`pdf-templates-${kind}`}>
                {t(`pdf_templates.kinds.${kind}`)}
              </Title>
              <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
                {templates.data
                  ?.filter((template) => template.kind === kind)
                  .map((template) => <TemplateCard key={template.id} template={template} onCopy={() => setCopying(template)} onDelete={() => setDeleting(template)} />)}
              </SimpleGrid>
            </section>
          ))}
        </Stack>
      </QueryState>
      {copying && <CopyModal source={copying} onClose={() => setCopying(null)} />}
      <ConfirmDialog
        opened={deleting !== null}
        title={t('pdf_templates.delete_title')}
        message={t('pdf_templates.delete_message', { name: deleting?.name ?? '' })}
        confirmLabel={t('pdf_templates.delete')}
        loading={remove.isPending}
        onConfirm={() => deleting && confirmDelete(deleting)}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}
