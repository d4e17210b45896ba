import { Badge, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Beside a menu entry whose screen the business's plan does not include: the plan that has it (read out as "– needs the Starter plan"). */
export function PlanBadge({ plan }: { plan: string | null | undefined }) {
  const { t } = useTranslation();
  if (!plan) return null;
  return (
    <>
      <VisuallyHidden>{` – ${t('plans.menu_needs', { plan })}`}</VisuallyHidden>
      <Badge size="xs" variant="light" color="yellow" aria-hidden="true">
        {plan}
      </Badge>
    </>
  );
}
