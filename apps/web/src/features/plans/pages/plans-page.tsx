import { useState } from 'react';
import { ActionIcon, Alert, Badge, Button, Group, Stack, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PlanResource } from '@app/contracts';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Icon } from '../../../components/icon';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useCan } from '../../../lib/session';
import { PlanFormModal } from '../components/plan-form-modal';
import { PlanFeatures, PlanPrice } from '../components/plan-summary';
import { useDeletePlan, usePlans } from '../plans-queries';

/** Admin area → plans: what the tenant sells, cheapest first. Without plans nothing is gated. */
export function PlansPage() {
  const { t } = useTranslation();
  const can = useCan('platform');
  const plans = usePlans();
  const remove = useDeletePlan();
  const [editing, setEditing] = useState<PlanResource | 'new' | null>(null);
  const [deleting, setDeleting] = useState<PlanResource | null>(null);
  const mayEdit = can('edit-platform-setting');

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, { onSuccess: () => notifySuccess(t('plans.deleted')), onError: notifyError, onSettled: () => setDeleting(null) });
  };

  return (
    <>
      <PageHeader
        title={t('plans.title')}
        description={t('plans.description_text')}
        actions={
          mayEdit && (
            <Button leftSection={<Icon name="plus" size={16} />} onClick={() => setEditing('new')}>
              {t('plans.create')}
            </Button>
          )
        }
      />
      <QueryState isPending={plans.isPending} error={plans.error} onRetry={() => void plans.refetch()}>
        <Stack>
          {plans.data?.length === 0 && (
            <Alert color="blue" title={t('plans.none_title')}>
              {t('plans.none_text')}
            </Alert>
          )}
          {plans.data && plans.data.length > 0 && (
            <Table.ScrollContainer minWidth={760}>
              <Table striped highlightOnHover>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('plans.name')}</Table.Th>
                    <Table.Th>{t('plans.price')}</Table.Th>
                    <Table.Th>{t('plans.features')}</Table.Th>
                    <Table.Th ta="right">{t('plans.businesses')}</Table.Th>
                    <Table.Th>
                      <VisuallyHidden>{t('common.actions')}</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {plans.data.map((plan) => (
                    <Table.Tr key={plan.id}>
                      <Table.Td>
                        <Group gap="xs">
                          <Text fw={500}>{plan.name}</Text>
                          {plan.is_default && (
                            <Badge size="xs" color="green">
                              {t('plans.default')}
                            </Badge>
                          )}
                        </Group>
                        {plan.description && (
                          <Text size="xs" c="dimmed">
                            {plan.description}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>
                        <PlanPrice plan={plan} size="sm" />
                      </Table.Td>
                      <Table.Td>
                        <PlanFeatures plan={plan} />
                      </Table.Td>
                      <Table.Td ta="right">{plan.businesses_count}</Table.Td>
                      <Table.Td>
                        {mayEdit && (
                          <Group gap={4} justify="flex-end" wrap="nowrap">
                            <Tooltip label={t('plans.edit')}>
                              <ActionIcon variant="subtle" aria-label={t('plans.edit_named', { name: plan.name })} onClick={() => setEditing(plan)}>
                                <Icon name="edit" size={16} />
                              </ActionIcon>
                            </Tooltip>
                            <Tooltip label={t('plans.delete')}>
                              <ActionIcon variant="subtle" color="red" aria-label={t('plans.delete_named', { name: plan.name })} onClick={() => setDeleting(plan)}>
                                <Icon name="trash" size={16} />
                              </ActionIcon>
                            </Tooltip>
                          </Group>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Stack>
      </QueryState>
      {editing && <PlanFormModal plan={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        opened={deleting !== null}
        title={t('plans.delete_title')}
        message={t('plans.delete_message', { name: deleting?.name ?? '' })}
        loading={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}
