import { Alert, Paper, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { useCan } from '../../../lib/session';
import { MailConfigForm, TestMail } from '../components/mail-config-form';
import { useMailConfig } from '../mail-config-queries';

/** Admin area → email configuration: the tenant's own SMTP server (else the server's default is used). */
export function EmailConfigurationPage() {
  const { t } = useTranslation();
  const can = useCan('platform');
  const config = useMailConfig('platform');
  return (
    <>
      <PageHeader title={t('mail_config.title')} description={t('mail_config.description')} />
      <QueryState isPending={config.isPending} error={config.error} onRetry={() => void config.refetch()}>
        {config.data && (
          <Stack gap="lg">
            {!config.data.configured && <Alert color="blue">{t('mail_config.not_configured')}</Alert>}
            <Paper withBorder p="lg">
              <MailConfigForm area="platform" config={config.data} canEdit={can('edit-platform-setting')} />
            </Paper>
            {can('edit-platform-setting') && config.data.configured && (
              <Paper withBorder p="lg" component="section" aria-labelledby="test-mail">
                <Title order={2} fz="h4" id="test-mail" mb="md">
                  {t('mail_config.test_title')}
                </Title>
                <TestMail area="platform" />
              </Paper>
            )}
          </Stack>
        )}
      </QueryState>
    </>
  );
}
