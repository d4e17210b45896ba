import '../../../lib/i18n-app';
// The guest pages load Mantine's CSS per component (the login entry has a subset): the ones this page adds.
import '@mantine/core/styles/Container.css';
import { useMemo, useState } from 'react';
import { Alert, Button, Container, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { errorText } from '../../../lib/api-error';
import { SaveMethodForm } from '../save-method-form';
import { linkSetup, usePublicMethodLink } from '../saved-methods-queries';

/**
 * `/public/payment-method-links/view/{id}` (who asks, for whom) and `/public/payment-method-links/{id}/payment-method`
 * (the card or bank account form): a customer without an account saves a method a business asked for. A used or
 * expired link shows why and nothing else.
 */
export function PublicPaymentMethodLinkPage({ form = false }: { form?: boolean }) {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const link = usePublicMethodLink(token);
  const target = useMemo(() => linkSetup(token), [token]);
  const [saved, setSaved] = useState(false);
  const view = link.data?.data;

  return (
    <Container size="sm" py="xl" component="main">
      <Title order={1} size="h2" mb="lg">
        {t('saved_methods.link.title')}
      </Title>
      {saved ? (
        <Alert color="green" role="status">
          {t('saved_methods.link.saved')}
        </Alert>
      ) : link.isPending ? (
        <Loader aria-label={t('saved_methods.loading')} />
      ) : link.isError || !view ? (
        <Alert color="red" role="alert" title={t('saved_methods.link.unusable')}>
          {errorText(link.error, t('saved_methods.link.unusable'))}
        </Alert>
      ) : (
        <Paper withBorder radius="md" p="lg">
          <Stack>
            <Text>{t('saved_methods.link.asks', { business: view.business_name, customer: view.customer_name })}</Text>
            <Text size="sm" c="dimmed">
              {t('saved_methods.link.expires', { date: view.expires_at.slice(0, 10) })}
            </Text>
            {!view.publishable_key ? (
              <Alert color="gray">{t('saved_methods.link.not_set_up')}</Alert>
            ) : form ? (
              <SaveMethodForm target={target} payee={view.business_name} onSaved={() => setSaved(true)} />
            ) : (
              <Button component={Link} to={`/public/payment-method-links/${encodeURIComponent(token)}/payment-method`} w="fit-content">
                {t('saved_methods.link.continue')}
              </Button>
            )}
          </Stack>
        </Paper>
      )}
    </Container>
  );
}

export function PublicPaymentMethodFormPage() {
  return <PublicPaymentMethodLinkPage form />;
}
