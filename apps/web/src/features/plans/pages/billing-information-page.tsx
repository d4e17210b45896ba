import { useState } from 'react';
import { Alert, Anchor, Badge, Button, Card, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { z } from 'zod';
import { type BusinessBillingResource, type PlanResource, type UpdateBillingContactRequest, updateBillingContactRequestSchema } from '@app/contracts';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { handleFormError, touchedValidation } from '../../../lib/form-errors';
import { formatDocumentMoney } from '../../../lib/money';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { companyPaths } from '../../../lib/paths';
import { postalAddressLines } from '../../../lib/postal-address';
import { useCan } from '../../../lib/session';
import { PlanFeatures, PlanPrice } from '../components/plan-summary';
import { useBilling, useChangePlan, useSaveBillingContact } from '../plans-queries';

const CONTACT_FIELDS = ['billing_contact_name', 'billing_contact_email'] as const;

/** One plan the business may be on: what it costs and includes, and the way to move to it. */
function PlanCard({ plan, current, canChange, onPick }: { plan: PlanResource; current: boolean; canChange: boolean; onPick: (plan: PlanResource) => void }) {
  const { t } = useTranslation();
  return (
    <Card withBorder padding="lg" radius="md" aria-current={current ? 'true' : undefined} style={current ? { borderColor: 'var(--mantine-primary-color-filled)', borderWidth: 2 } : undefined}>
      <Stack gap="xs" h="100%">
        <Group justify="space-between" wrap="nowrap">
          <Title order={3} size="h4">
            {plan.name}
          </Title>
          {current && <Badge color="green">{t('plans.current')}</Badge>}
        </Group>
        <PlanPrice plan={plan} size="lg" />
        {plan.description && (
          <Text size="sm" c="dimmed">
            {plan.description}
          </Text>
        )}
        <PlanFeatures plan={plan} />
        {canChange && !current && (
          <Button mt="auto" variant="light" onClick={() => onPick(plan)}>
            {t('plans.switch_to', { name: plan.name })}
          </Button>
        )}
      </Stack>
    </Card>
  );
}

function BillingContactForm({ billing }: { billing: BusinessBillingResource }) {
  const { t } = useTranslation();
  const save = useSaveBillingContact();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<UpdateBillingContactRequest, unknown, z.output<typeof updateBillingContactRequestSchema>>({
    ...touchedValidation,
    resolver: zodResolver(updateBillingContactRequestSchema),
    defaultValues: { billing_contact_name: billing.billing_contact_name ?? '', billing_contact_email: billing.billing_contact_email ?? '' },
  });
  const onSubmit = handleSubmit(async (values) => {
    try {
      await save.mutateAsync(values);
      notifySuccess(t('plans.contact_saved'));
    } catch (err) {
      handleFormError(err, setError, CONTACT_FIELDS);
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack maw={560}>
        <Title order={2} size="h4">
          {t('plans.contact_title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('plans.contact_help')}
        </Text>
        <TextInput label={t('plans.contact_name')} autoComplete="name" error={errors.billing_contact_name?.message} {...register('billing_contact_name')} />
        <TextInput label={t('plans.contact_email')} type="email" autoComplete="email" error={errors.billing_contact_email?.message} {...register('billing_contact_email')} />
        <Group>
          <Button type="submit" loading={isSubmitting}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Where the platform bills the business: its billing address, kept in settings → address information. */
function BillingAddress({ address }: { address: BusinessBillingResource['billing_address'] }) {
  const { t } = useTranslation();
  const canEdit = useCan('business')('edit-business-information');
  const lines = [address?.name, ...postalAddressLines(address)].filter((line): line is string => Boolean(line));
  return (
    <Stack gap="xs" maw={560} component="section" aria-labelledby="billing-address">
      <Title order={2} size="h4" id="billing-address">
        {t('plans.address_title')}
      </Title>
      {lines.length > 0 ? (
        <Text style={{ whiteSpace: 'pre-line' }}>{lines.join('\n')}</Text>
      ) : (
        <Text c="dimmed">{t('plans.address_none')}</Text>
      )}
      {canEdit && (
        <Anchor component={Link} to={companyPaths.addressInformation} size="sm">
          {t('plans.address_edit')}
        </Anchor>
      )}
    </Stack>
  );
}

/** Settings → billing information: the plan the business is on, the plans it may move to, and whom the platform bills. */
export function BillingInformationPage() {
  const { t } = useTranslation();
  const billing = useBilling();
  const change = useChangePlan();
  const [picking, setPicking] = useState<PlanResource | null>(null);
  const data = billing.data;

  const confirmChange = () => {
    if (!picking) return;
    change.mutate(
      { plan_id: picking.id },
      { onSuccess: (response) => notifySuccess(t('plans.changed', { name: response.data.plan?.name ?? picking.name })), onError: notifyError, onSettled: () => setPicking(null) },
    );
  };

  return (
    <>
      <PageHeader title={t('plans.billing_title')} description={t('plans.billing_description')} />
      <QueryState isPending={billing.isPending} error={billing.error} onRetry={() => void billing.refetch()}>
        {data && (
          <Stack gap="xl">
            {data.plan === null ? (
              <Alert color="blue" title={t('plans.everything_title')}>
                {t('plans.everything_text')}
              </Alert>
            ) : (
              <Stack gap="sm">
                <Text>
                  {t('plans.on_plan', { name: data.plan.name })}{' '}
                  {data.plan.max_team_users === null
                    ? t('plans.team_of', { count: data.team_users })
                    : t('plans.team_of_max', { count: data.team_users, max: data.plan.max_team_users })}
                </Text>
                {!data.can_change_plan && (
                  <Text size="sm" c="dimmed">
                    {t('plans.owner_changes')}
                  </Text>
                )}
                <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
                  {data.plans.map((plan) => (
                    <PlanCard key={plan.id} plan={plan} current={plan.id === data.plan?.id} canChange={data.can_change_plan} onPick={setPicking} />
                  ))}
                </SimpleGrid>
              </Stack>
            )}
            <BillingAddress address={data.billing_address} />
            <BillingContactForm billing={data} />
          </Stack>
        )}
      </QueryState>
      <ConfirmDialog
        opened={picking !== null}
        variant="primary"
        title={t('plans.switch_title')}
        message={picking ? t('plans.switch_message', { name: picking.name, price: picking.price === 0 ? t('plans.free') : `${formatDocumentMoney(picking.price, picking.currency_id)} ${t(`plans.per_interval.${picking.interval}`)}` }) : ''}
        confirmLabel={t('plans.switch_confirm')}
        loading={change.isPending}
        onConfirm={confirmChange}
        onCancel={() => setPicking(null)}
      />
    </>
  );
}
