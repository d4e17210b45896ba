import { useState } from 'react';
import { ActionIcon, Button, Group, Table, Tooltip, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type ExchangeRateResource, currencyById } from '@app/contracts';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Icon } from '../../../components/icon';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { formatDateTime } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { ExchangeRateFormModal } from '../components/exchange-rate-form-modal';
import { useDeleteExchangeRate, useExchangeRates } from '../exchange-rates-queries';

const codeOf = (currencyId: number) => currencyById(currencyId)?.code ?? String(currencyId);

/**
 * Settings → exchange rate: a rate per foreign currency, entered by hand. Documents store the rate
 * when they are created; the dashboard converts with it.
 */
export function ExchangeRatesPage() {
  const { t } = useTranslation();
  const rates = useExchangeRates();
  const remove = useDeleteExchangeRate();
  const [editing, setEditing] = useState<ExchangeRateResource | 'new' | null>(null);
  const [deleting, setDeleting] = useState<ExchangeRateResource | null>(null);
  const businessCurrencyId = rates.data?.business_currency_id;
  const rows = rates.data?.data ?? [];

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.currency_id, { onSuccess: () => notifySuccess(t('exchange_rates.deleted')), onError: notifyError, onSettled: () => setDeleting(null) });
  };

  return (
    <>
      <PageHeader
        title={t('exchange_rates.title')}
        description={businessCurrencyId ? t('exchange_rates.description', { currency: codeOf(businessCurrencyId) }) : undefined}
        actions={
          <Button leftSection={<Icon name="plus" size={16} />} disabled={businessCurrencyId === undefined} onClick={() => setEditing('new')}>
            {t('exchange_rates.create')}
          </Button>
        }
      />
      <QueryState isPending={rates.isPending} error={rates.error} isEmpty={rows.length === 0} emptyText={t('exchange_rates.empty')} onRetry={() => void rates.refetch()}>
        <Table.ScrollContainer minWidth={480}>
            <Table aria-label={t('exchange_rates.title')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('exchange_rates.currency')}</Table.Th>
                  <Table.Th>{t('exchange_rates.rate')}</Table.Th>
                  <Table.Th>{t('exchange_rates.updated_at')}</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>{t('common.actions')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((rate) => (
                  <Table.Tr key={rate.currency_id}>
                    <Table.Td>{`${rate.currency_code} – ${currencyById(rate.currency_id)?.name ?? ''}`}</Table.Td>
                    <Table.Td>{t('exchange_rates.equation', { from: rate.currency_code, rate: rate.rate, to: businessCurrencyId ? codeOf(businessCurrencyId) : '' })}</Table.Td>
                    <Table.Td>{formatDateTime(rate.updated_at)}</Table.Td>
                    <Table.Td>
                      <Group gap={4} justify="flex-end" wrap="nowrap">
                        <Tooltip label={t('exchange_rates.edit')}>
                          <ActionIcon variant="subtle" aria-label={t('exchange_rates.edit_named', { currency: rate.currency_code })} onClick={() => setEditing(rate)}>
                            <Icon name="edit" size={16} />
                          </ActionIcon>
                        </Tooltip>
                        <Tooltip label={t('exchange_rates.delete')}>
                          <ActionIcon variant="subtle" color="red" aria-label={t('exchange_rates.delete_named', { currency: rate.currency_code })} onClick={() => setDeleting(rate)}>
                            <Icon name="trash" size={16} />
                          </ActionIcon>
                        </Tooltip>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
      </QueryState>
      {editing && businessCurrencyId !== undefined && (
        <ExchangeRateFormModal
          rate={editing === 'new' ? null : editing}
          businessCurrencyId={businessCurrencyId}
          taken={rows.map((rate) => rate.currency_id)}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        opened={deleting !== null}
        title={t('exchange_rates.delete_title')}
        message={t('exchange_rates.delete_message', { currency: deleting?.currency_code ?? '' })}
        loading={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}
