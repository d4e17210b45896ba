import { useState } from 'react';
import { Button, CopyButton, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PaymentMethodLinkResource } from '@app/contracts';
import { Icon } from '../../components/icon';
import { notifyError } from '../../lib/notify';
import { useCan } from '../../lib/session';
import { useCreateMethodLink } from './saved-methods-queries';

/** On a customer's page: a single-use, week-long link that asks the customer to save a card (for auto pay). */
export function MethodLinkButton({ customerId }: { customerId: string }) {
  const { t } = useTranslation();
  const can = useCan();
  const create = useCreateMethodLink();
  const [link, setLink] = useState<PaymentMethodLinkResource | null>(null);
  if (!can('create-payment-method')) return null;
  return (
    <>
      <Button variant="default" leftSection={<Icon name="credit-card" size={16} />} loading={create.isPending} onClick={() => create.mutate(customerId, { onSuccess: (made) => setLink(made.data), onError: notifyError })}>
        {t('saved_methods.link.request')}
      </Button>
      <Modal opened={link !== null} onClose={() => setLink(null)} title={t('saved_methods.link.request')}>
        {link && (
          <Stack>
            <Text size="sm">{t('saved_methods.link.created', { date: link.expires_at.slice(0, 10) })}</Text>
            <TextInput label={t('saved_methods.link.title')} value={link.url} readOnly onFocus={(event) => event.currentTarget.select()} />
            <CopyButton value={link.url}>{({ copy }) => <Button onClick={copy}>{t('saved_methods.link.copy')}</Button>}</CopyButton>
          </Stack>
        )}
      </Modal>
    </>
  );
}
