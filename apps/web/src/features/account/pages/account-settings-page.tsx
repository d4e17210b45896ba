import type { ReactNode } from 'react';
import { Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { AccessTokensSection } from '../components/access-tokens-section';
import { AvatarUpload } from '../components/avatar-upload';
import { ChangePasswordForm } from '../components/change-password-form';
import { DefaultTemplateSelect } from '../components/default-template-select';
import { LanguageSelect } from '../components/language-select';
import { useCan } from '../../../lib/session';
import { ProfileForm } from '../components/profile-form';
import { TwoFactorSection } from '../components/two-factor-section';

function Section({ id, title, description, children }: { id: string; title: string; description?: string; children: ReactNode }) {
  return (
    <Paper component="section" withBorder radius="md" p="lg" aria-labelledby={id}>
      <Title order={2} fz="h4" id={id} mb={description ? 4 : 'md'}>
        {title}
      </Title>
      {description && (
        <Text size="sm" c="dimmed" mb="md">
          {description}
        </Text>
      )}
      {children}
    </Paper>
  );
}

/** Shared by /settings/account-settings (company area) and /admin/account-settings. */
export function AccountSettingsPage() {
  const { t } = useTranslation();
  const can = useCan('business');
  return (
    <>
      <PageHeader title={t('account.title')} description={t('account.description')} />
      <Stack gap="lg">
        <Section id="account-profile" title={t('account.profile')}>
          <Stack gap="lg">
            <AvatarUpload />
            <ProfileForm />
          </Stack>
        </Section>
        <Section id="account-password" title={t('account.change_password')}>
          <ChangePasswordForm />
        </Section>
        <Section id="account-preferences" title={t('account.preferences')}>
          <Stack>
            <LanguageSelect />
            {/* Templates are chosen per business's tenant; without a business or the document abilities there is nothing to choose. */}
            {can('view-invoice') && <DefaultTemplateSelect kind="invoice" />}
            {can('view-estimate') && <DefaultTemplateSelect kind="estimate" />}
          </Stack>
        </Section>
        <Section id="account-two-factor" title={t('account.two_factor_title')}>
          <TwoFactorSection />
        </Section>
        <Section id="account-tokens" title={t('tokens.title')} description={t('tokens.description')}>
          <AccessTokensSection />
        </Section>
      </Stack>
    </>
  );
}
