import { Paper, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { AvatarUpload } from '../../account/components/avatar-upload';
import { ProfileForm } from '../../account/components/profile-form';

/** Admin area → settings: the signed-in platform user's profile (password, 2FA and tokens live in account settings). */
export function AdminSettingsPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('admin_settings.title')} description={t('admin_settings.description')} />
      <Paper withBorder radius="md" p="lg">
        <Stack gap="lg">
          <AvatarUpload />
          <ProfileForm />
        </Stack>
      </Paper>
    </>
  );
}
