import type { ReactNode } from 'react';
import { Alert, Box, Button, Center, Group, Image, Loader, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorText, isApiError } from '../../lib/api-error';
import { safeUrl } from '../../lib/safe-url';

/** A wrong, revoked or expired token is the same thing to the visitor. */
const INVALID_LINK_STATUSES = new Set([400, 403, 404, 410]);

/** The page around a public document: no app layout, no login. */
export function PublicFrame({ children }: { children: ReactNode }) {
  return (
    <Box component="main" mih="100vh" bg="var(--mantine-color-gray-0)" py="xl" px="md">
      <Box maw={960} mx="auto">
        {children}
      </Box>
    </Box>
  );
}

type Issuer = { name: string; logo_url: string | null };

/** The issuing business as the page's heading, with the badges and the PDF download beside it. */
export function PublicHeader({ business, pdfUrl, badges }: { business: Issuer; pdfUrl: string; badges?: ReactNode }) {
  const { t } = useTranslation();
  const logo = safeUrl(business.logo_url);
  const pdf = safeUrl(pdfUrl);
  return (
    <Group justify="space-between" align="center">
      <Group gap="sm">
        {logo && <Image src={logo} alt={business.name} h={48} w="auto" fit="contain" />}
        <Title order={1} fz="h3">
          {business.name}
        </Title>
      </Group>
      <Group gap="sm">
        {badges}
        {pdf && (
          <Button component="a" href={pdf} variant="default">
            {t('public_documents.download_pdf')}
          </Button>
        )}
      </Group>
    </Group>
  );
}

/**
 * Loading, failure and the loaded page of a public link. `invalidMessage` is the kind's own
 * answer to a token that leads nowhere (the server's message for it).
 */
export function PublicPageState<Data>({ query, invalidMessage, children }: { query: UseQueryResult<Data>; invalidMessage: string; children: (data: Data) => ReactNode }) {
  const { t } = useTranslation();
  let content: ReactNode;
  if (query.isPending) {
    content = (
      <Center py="xl">
        <Loader aria-label={t('common.loading')} />
      </Center>
    );
  } else if (query.isError) {
    const invalid = isApiError(query.error) && INVALID_LINK_STATUSES.has(query.error.status);
    content = (
      <Alert color="red" role="alert" title={t('public_documents.unavailable')}>
        {invalid ? invalidMessage : (errorText(query.error, t('errors.generic'), t('errors.network')) ?? t('errors.generic'))}
      </Alert>
    );
  } else {
    content = children(query.data);
  }
  return <PublicFrame>{content}</PublicFrame>;
}
