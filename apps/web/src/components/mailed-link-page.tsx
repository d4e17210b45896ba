import { useEffect, useRef, type ReactNode } from 'react';
import { Alert, Button, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorText } from '../lib/api-error';
import { BrandCard } from './brand-card';

/** The request a mailed link makes: a mutation sent with the link's token. */
type LinkRequest = { mutate: (token: string) => void; isSuccess: boolean; isError: boolean; error: unknown; data?: { message?: string | undefined } | undefined };

type MailedLinkPageProps = {
  token: string;
  request: LinkRequest;
  title: string;
  pending: string;
  /** Shown when the server answers without a message of its own. */
  succeeded: string;
  succeededNext: string;
  invalid: string;
  invalidNext?: string;
};

/**
 * A page a mailed link lands on (verification, address change): it sends the token once when it
 * opens, shows progress, then the outcome and a way on. Opening a link signs nobody in.
 */
export function MailedLinkPage({ token, request, title, pending, succeeded, succeededNext, invalid, invalidNext }: MailedLinkPageProps) {
  const { t } = useTranslation();
  const started = useRef(false);
  const { mutate } = request;

  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    mutate(token);
  }, [token, mutate]);

  let content: ReactNode;
  if (!token || request.isError) {
    content = (
      <>
        <Alert color="red" role="alert">
          {(request.isError && errorText(request.error, '')) || invalid}
        </Alert>
        {invalidNext && <Text size="sm">{invalidNext}</Text>}
      </>
    );
  } else if (request.isSuccess) {
    content = (
      <>
        <Alert color="green" role="status">
          {request.data?.message ?? succeeded}
        </Alert>
        <Text size="sm">{succeededNext}</Text>
      </>
    );
  } else {
    content = (
      <Center py="md">
        <Stack align="center" gap="xs" role="status">
          <Loader aria-hidden />
          <Text size="sm">{pending}</Text>
        </Stack>
      </Center>
    );
  }

  return (
    <BrandCard>
      <Stack>
        <Title order={1} fz="h3">
          {title}
        </Title>
        {content}
        {(request.isSuccess || request.isError || !token) && (
          <Button component={Link} to="/">
            {t('common.continue')}
          </Button>
        )}
      </Stack>
    </BrandCard>
  );
}
