import { useState } from 'react';
import { Alert, Button, Group, Paper, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { MailConfigForm, TestMail } from '../components/mail-config-form';
import { useMailConfig, useRemoveBusinessMailConfig } from '../mail-config-queries';

/** Settings → email configuration: the business's own SMTP server for the mail it sends, else the platform's. */
export function BusinessEmailConfigurationPage() {
  const { t } = useTranslation();
  const config = useMailConfig('business');
  const remove = useRemoveBusinessMailConfig();
  const [removing, setRemoving] = useState(false);
  const confirmRemove = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        notifySuccess(t('mail_config.business_removed'));
        setRemoving(false);
      },
      onError: notifyError,
    });
  return (
    <>
      <PageHeader title={t('mail_config.title')} description={t('mail_config.business_description')} />
      <QueryState isPending={config.isPending} error={config.error} onRetry={() => void config.refetch()}>
        {config.data && (
          <Stack gap="lg">
            {!config.data.configured && <Alert color="blue">{t('mail_config.business_not_configured')}</Alert>}
            <Paper withBorder p="lg">
              {/* Saving replaces the form's defaults, so a removed configuration starts empty again. */}
              <MailConfigForm key={String(config.data.configured)} area="business" config={config.data} canEdit />
            </Paper>
            {config.data.configured && (
              <>
                <Paper withBorder p="lg" component="section" aria-labelledby="test-mail">
                  <Title order={2} fz="h4" id="test-mail" mb="md">
                    {t('mail_config.test_title')}
                  </Title>
                  <TestMail area="business" />
                </Paper>
                <Group>
                  <Button variant="subtle" color="red" onClick={() => setRemoving(true)}>
                    {t('mail_config.business_remove')}
                  </Button>
                </Group>
              </>
            )}
          </Stack>
        )}
      </QueryState>
      <ConfirmDialog
        opened={removing}
        title={t('mail_config.business_remove_title')}
        message={t('mail_config.business_remove_message')}
        confirmLabel={t('mail_config.business_remove')}
        loading={remove.isPending}
        onConfirm={confirmRemove}
        onCancel={() => setRemoving(false)}
      />
    </>
  );
}
