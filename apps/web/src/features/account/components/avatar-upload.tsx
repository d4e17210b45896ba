import { useState } from 'react';
import { Avatar } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ImageUpload } from '../../../components/image-upload';
import { safeUrl } from '../../../lib/safe-url';
import { useBootstrap } from '../../../lib/session';
import { useUploadAvatar } from '../account-queries';

export function AvatarUpload() {
  const { t } = useTranslation();
  const { current_user: user } = useBootstrap();
  const upload = useUploadAvatar();
  const [avatar, setAvatar] = useState<string | null>(null);

  return (
    <ImageUpload
      preview={<Avatar src={safeUrl(avatar ?? user.avatar)} size={72} radius="xl" alt={t('account.avatar_alt')} />}
      field="avatar"
      upload={async (file) => {
        const result = await upload.mutateAsync(file);
        setAvatar(result.data.avatar);
      }}
      uploading={upload.isPending}
      buttonLabel={t('account.upload_avatar')}
      help={t('account.avatar_help')}
      messages={{ invalidType: t('account.avatar_invalid_type'), tooLarge: t('account.avatar_too_large'), uploaded: t('account.avatar_updated') }}
    />
  );
}
