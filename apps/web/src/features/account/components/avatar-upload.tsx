import { useState } from 'react';
import { Avatar, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AVATAR_MAX_BYTES } from '@app/contracts';
import { firstFieldErrors, isApiError } from '../../../lib/api-error';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { safeUrl } from '../../../lib/safe-url';
import { useBootstrap } from '../../../lib/session';
import { useUploadAvatar } from '../account-queries';

const ACCEPTED_TYPES = ['image/gif', 'image/jpeg', 'image/png'];

export function AvatarUpload() {
  const { t } = useTranslation();
  const { current_user: user } = useBootstrap();
  const upload = useUploadAvatar();
  const [avatar, setAvatar] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const onFile = async (file: File | null) => {
    if (!file) return;
    setError(null);
    if (!ACCEPTED_TYPES.includes(file.type)) {
      setError(t('account.avatar_invalid_type'));
      return;
    }
    if (file.size > AVATAR_MAX_BYTES) {
      setError(t('account.avatar_too_large'));
      return;
    }
    try {
      const result = await upload.mutateAsync(file);
      setAvatar(result.data.avatar);
      notifySuccess(t('account.avatar_updated'));
    } catch (err) {
      const fieldError = firstFieldErrors(err).avatar;
      if (isApiError(err) && fieldError) setError(fieldError);
      else notifyError(err);
    }
  };

  return (
    <Group align="center" gap="lg">
      <Avatar src={safeUrl(avatar ?? user.avatar)} size={72} radius="xl" alt={t('account.avatar_alt')} />
      <Stack gap={4}>
        <FileButton onChange={(file) => void onFile(file)} accept={ACCEPTED_TYPES.join(',')}>
          {(props) => (
            <Button {...props} variant="default" loading={upload.isPending}>
              {t('account.upload_avatar')}
            </Button>
          )}
        </FileButton>
        <Text size="xs" c="dimmed">
          {t('account.avatar_help')}
        </Text>
        {error && (
          <Text size="sm" c="red" role="alert">
            {error}
          </Text>
        )}
      </Stack>
    </Group>
  );
}
