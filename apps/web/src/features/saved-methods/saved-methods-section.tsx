import { useState } from 'react';
import { Alert, Badge, Button, Group, Loader, Paper, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SavedPaymentMethodResource } from '@app/contracts';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Icon } from '../../components/icon';
import { errorText } from '../../lib/api-error';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useCan } from '../../lib/session';
import { SaveMethodForm } from './save-method-form';
import { ownSetup, useDeleteMethod, useRefreshSavedMethods, useSavedMethods, useSetDefaultMethod } from './saved-methods-queries';

/** Settings → payment methods, "Saved payment methods": the cards and bank accounts this business pays its vendors with. */
export function SavedMethodsSection() {
  const { t } = useTranslation();
  const can = useCan();
  const methods = useSavedMethods();
  const refresh = useRefreshSavedMethods();
  const setDefault = useSetDefaultMethod();
  const remove = useDeleteMethod();
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<SavedPaymentMethodResource | null>(null);
  const list = methods.data?.data ?? [];

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, { onSuccess: () => notifySuccess(t('saved_methods.deleted')), onError: notifyError, onSettled: () => setDeleting(null) });
  };

  return (
    <Paper withBorder radius="md" p="lg" mt="xl" component="section" aria-labelledby="saved-methods-title">
      <Stack>
        <Group justify="space-between">
          <Title order={2} fz="h4" id="saved-methods-title">
            {t('saved_methods.title')}
          </Title>
          {can('create-payment-method') && !adding && (
            <Button leftSection={<Icon name="plus" size={16} />} onClick={() => setAdding(true)}>
              {t('saved_methods.add_card')}
            </Button>
          )}
        </Group>
        {adding && (
          <SaveMethodForm
            target={ownSetup}
            payee={t('saved_methods.your_vendors')}
            onSaved={() => {
              setAdding(false);
              notifySuccess(t('saved_methods.saved_method'));
              void refresh();
            }}
            onCancel={() => setAdding(false)}
          />
        )}
        {methods.isPending ? (
          <Loader size="sm" aria-label={t('saved_methods.loading')} />
        ) : methods.isError ? (
          <Alert color="red" role="alert">
            {errorText(methods.error, t('saved_methods.load_failed'))}
          </Alert>
        ) : list.length === 0 ? (
          <Text c="dimmed">{t('saved_methods.empty')}</Text>
        ) : (
          <Table.ScrollContainer minWidth={420}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('saved_methods.name')}</Table.Th>
                  <Table.Th>{t('saved_methods.type')}</Table.Th>
                  <Table.Th>{t('saved_methods.expiry')}</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>{t('common.actions')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.map((method) => (
                  <Table.Tr key={method.id}>
                    <Table.Td>
                      <Group gap="xs">
                        {method.name}
                        {method.is_default && <Badge variant="light">{t('saved_methods.default')}</Badge>}
                        {method.debit_returned_at && (
                          <Badge variant="light" color="red">
                            {t('saved_methods.bank.returned')}
                          </Badge>
                        )}
                      </Group>
                      {method.debit_returned_at && (
                        <Text size="xs" c="dimmed">
                          {t('saved_methods.bank.returned_hint', { reason: method.debit_return_reason ?? t('saved_methods.bank.returned') })}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>{t(`saved_methods.types.${method.type}`)}</Table.Td>
                    <Table.Td>{method.expiry_date ?? '—'}</Table.Td>
                    <Table.Td>
                      <Group gap={4} justify="flex-end" wrap="nowrap">
                        {can('edit-payment-method') && (!method.is_default || method.debit_returned_at) && (
                          <Button size="xs" variant="subtle" loading={setDefault.isPending && setDefault.variables === method.id} onClick={() => setDefault.mutate(method.id, { onError: notifyError })} aria-label={t('saved_methods.make_default_named', { name: method.name })}>
                            {t('saved_methods.make_default')}
                          </Button>
                        )}
                        {can('delete-payment-method') && (
                          <Button size="xs" variant="subtle" color="red" onClick={() => setDeleting(method)} aria-label={t('saved_methods.delete_named', { name: method.name })}>
                            {t('saved_methods.delete')}
                          </Button>
                        )}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
      <ConfirmDialog
        opened={deleting !== null}
        title={t('saved_methods.delete_title')}
        message={t('saved_methods.delete_message', { name: deleting?.name ?? '' })}
        loading={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </Paper>
  );
}
