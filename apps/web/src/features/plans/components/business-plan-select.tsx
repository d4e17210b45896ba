import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useAssignPlan, usePlans } from '../plans-queries';

const DEFAULT = 'default';

/**
 * The admin's choice of a business's plan (admin area → business): one of the tenant's plans, or
 * the default plan. Nothing shows while the tenant sells no plans.
 */
export function BusinessPlanSelect({ businessId, planId, businessKey }: { businessId: string; planId: string | null; businessKey: readonly unknown[] }) {
  const { t } = useTranslation();
  const plans = usePlans();
  const assign = useAssignPlan(businessId, businessKey);
  const list = plans.data ?? [];
  if (list.length === 0) return null;
  const fallback = list.find((plan) => plan.is_default);
  const options = [
    { value: DEFAULT, label: t('plans.default_choice', { name: fallback?.name ?? '' }) },
    ...list.map((plan) => ({ value: plan.id, label: plan.name })),
  ];
  return (
    <Select
      label={t('plans.business_plan')}
      maw={320}
      allowDeselect={false}
      data={options}
      value={planId ?? DEFAULT}
      disabled={assign.isPending}
      onChange={(value) => {
        if (value === null || value === (planId ?? DEFAULT)) return;
        assign.mutate(value === DEFAULT ? null : value, { onSuccess: () => notifySuccess(t('plans.assigned')), onError: notifyError });
      }}
    />
  );
}
