import { useState } from 'react';
import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/icon';
import { PageHeader } from '../../../components/page-header';
import { useBootstrap } from '../../../lib/session';
import { AddBusinessModal } from '../components/add-business-modal';

/** The company area for a user who belongs to no business yet (e.g. a platform admin). */
export function NoBusinessPage() {
  const { t } = useTranslation();
  const { current_user: user } = useBootstrap();
  const [adding, setAdding] = useState(false);

  return (
    <>
      <PageHeader title={t('dashboard.title')} description={t('dashboard.welcome', { name: user.name })} />
      <Paper withBorder radius="md" p="xl" maw={640}>
        <Stack align="flex-start">
          <Title order={2} fz="h4">
            {t('business.none_title')}
          </Title>
          <Text c="dimmed">{t('business.none_text')}</Text>
          <Button leftSection={<Icon name="plus" size={16} />} onClick={() => setAdding(true)}>
            {t('business.add')}
          </Button>
        </Stack>
      </Paper>
      <AddBusinessModal opened={adding} onClose={() => setAdding(false)} />
    </>
  );
}
