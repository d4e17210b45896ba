import { Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { useCan } from '../../../lib/session';
import { AvatarUpload, ProfileForm } from '../../account';
import { SecuritySettingsForm } from '../components/security-settings-form';

/**
 * Admin area → settings: the signed-in platform user's profile (password, 2FA and tokens live in
 * account settings), and the tenant's security settings for those who may see them.
 */
export function AdminSettingsPage() {
  const { t } = useTranslation();
  const can = useCan('platform');
  return (
    <>
      <PageHeader title={t('admin_settings.title')} description={t('admin_settings.description')} />
      <Stack gap="lg">
        <Paper withBorder radius="md" p="lg">
          <Stack gap="lg">
            <AvatarUpload />
            <ProfileForm />
          </Stack>
        </Paper>
        {can('view-platform-setting') && (
          <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="security-settings">
            <Title order={2} fz="h4" id="security-settings" mb={4}>
              {t('security_settings.title')}
            </Title>
            <Text size="sm" c="dimmed" mb="md">
              {t('security_settings.description')}
            </Text>
            <SecuritySettingsForm canEdit={can('edit-platform-setting')} />
          </Paper>
        )}
      </Stack>
    </>
  );
}
