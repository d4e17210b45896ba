import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, isRouteErrorResponse, useRouteError } from 'react-router';

function StatusPage({ code, title, text }: { code: string; title: string; text: string }) {
  const { t } = useTranslation();
  return (
    <Center mih="100vh" p="md">
      <Stack align="center" gap="sm" maw={480}>
        <Text c="dimmed" fw={700} fz={48} aria-hidden>
          {code}
        </Text>
        <Title order={1} ta="center">
          {title}
        </Title>
        <Text c="dimmed" ta="center">
          {text}
        </Text>
        <Button component={Link} to="/">
          {t('common.go_home')}
        </Button>
      </Stack>
    </Center>
  );
}

export function ForbiddenPage() {
  const { t } = useTranslation();
  return <StatusPage code="403" title={t('errors.forbidden_title')} text={t('errors.forbidden_text')} />;
}

export function NotFoundPage() {
  const { t } = useTranslation();
  return <StatusPage code="404" title={t('errors.not_found_title')} text={t('errors.not_found_text')} />;
}

export function RouteErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return <StatusPage code="!" title={t('errors.page_failed_title')} text={t('errors.page_failed_text')} />;
}
