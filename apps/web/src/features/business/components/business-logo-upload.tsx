import { Image, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { BusinessResource } from '@app/contracts';
import { ImageUpload } from '../../../components/image-upload';
import { safeUrl } from '../../../lib/safe-url';
import { useUploadBusinessLogo } from '../business-queries';

/** The logo printed on the business's documents; uploaded on its own, apart from the form. */
export function BusinessLogoUpload({ business }: { business: BusinessResource }) {
  const { t } = useTranslation();
  const upload = useUploadBusinessLogo();
  const logo = safeUrl(business.logo);

  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Title order={2} fz="h4">
          {t('business_info.logo')}
        </Title>
        <ImageUpload
          preview={
            logo ? (
              <Image src={logo} alt={t('business_info.logo_alt', { name: business.name })} h={64} w="auto" maw={200} fit="contain" />
            ) : (
              <Text size="sm" c="dimmed" data-testid="logo-placeholder">
                {t('business_info.no_logo')}
              </Text>
            )
          }
          field="business_logo"
          upload={async (file) => {
            await upload.mutateAsync(file);
          }}
          uploading={upload.isPending}
          buttonLabel={t(business.logo ? 'business_info.replace_logo' : 'business_info.upload_logo')}
          help={t('business_info.logo_help')}
          messages={{ invalidType: t('business_info.logo_invalid_type'), tooLarge: t('business_info.logo_too_large'), uploaded: t('business_info.logo_updated') }}
        />
      </Stack>
    </Paper>
  );
}
