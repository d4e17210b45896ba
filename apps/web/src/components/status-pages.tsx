import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { guestText } from '../lib/guest-text';
import { Link, isRouteErrorResponse, useRouteError } from 'react-router';

function StatusPage({ code, title, text }: { code: string; title: string; text: string }) {
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
          {guestText('common.go_home')}
        </Button>
      </Stack>
    </Center>
  );
}

export function ForbiddenPage() {
  return <StatusPage code="403" title={guestText('errors.forbidden_title')} text={guestText('errors.forbidden_text')} />;
}

export function NotFoundPage() {
  return <StatusPage code="404" title={guestText('errors.not_found_title')} text={guestText('errors.not_found_text')} />;
}

/** A page that failed to load or render. */
export function PageFailedPage() {
  return <StatusPage code="!" title={guestText('errors.page_failed_title')} text={guestText('errors.page_failed_text')} />;
}

export function RouteErrorPage() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return <PageFailedPage />;
}
