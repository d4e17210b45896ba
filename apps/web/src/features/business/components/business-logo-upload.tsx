import { useState } from 'react';
import { Button, FileButton, Group, Image, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AVATAR_MAX_BYTES, type BusinessResource } from '@app/contracts';
import { firstFieldErrors, isApiError } from '../../../lib/api-error';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { safeUrl } from '../../../lib/safe-url';
import { useUploadBusinessLogo } from '../business-queries';

const ACCEPTED_TYPES = ['image/gif', 'image/jpeg', 'image/png'];

/** The logo printed on the business's documents; uploaded on its own, apart from the form. */
export function BusinessLogoUpload({ business }: { business: BusinessResource }) {
  const { t } = useTranslation();
  const upload = useUploadBusinessLogo();
  const [error, setError] = useState<string | null>(null);
  const logo = safeUrl(business.logo);

  const onFile = async (file: File | null) => {
    if (!file) return;
    setError(null);
    if (!ACCEPTED_TYPES.includes(file.type)) {
      setError(t('business_info.logo_invalid_type'));
      return;
    }
    // The API takes images up to the same limit as avatars.
    if (file.size > AVATAR_MAX_BYTES) {
      setError(t('business_info.logo_too_large'));
      return;
    }
    try {
      await upload.mutateAsync(file);
      notifySuccess(t('business_info.logo_updated'));
    } catch (err) {
      const fieldError = firstFieldErrors(err).business_logo;
      if (isApiError(err) && fieldError) setError(fieldError);
      else notifyError(err);
    }
  };

  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Title order={2} fz="h4">
          {t('business_info.logo')}
        </Title>
        <Group align="center" gap="lg">
          {logo ? (
            <Image src={logo} alt={t('business_info.logo_alt', { name: business.name })} h={64} w="auto" maw={200} fit="contain" />
          ) : (
            <Text size="sm" c="dimmed" data-testid="logo-placeholder">
              {t('business_info.no_logo')}
            </Text>
          )}
          <Stack gap={4}>
            <FileButton onChange={(file) => void onFile(file)} accept={ACCEPTED_TYPES.join(',')}>
              {(props) => (
                <Button {...props} variant="default" loading={upload.isPending}>
                  {t(business.logo ? 'business_info.replace_logo' : 'business_info.upload_logo')}
                </Button>
              )}
            </FileButton>
            <Text size="xs" c="dimmed">
              {t('business_info.logo_help')}
            </Text>
            {error && (
              <Text size="sm" c="red" role="alert">
                {error}
              </Text>
            )}
          </Stack>
        </Group>
      </Stack>
    </Paper>
  );
}
