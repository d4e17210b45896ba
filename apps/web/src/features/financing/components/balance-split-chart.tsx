import '@mantine/charts/styles.css';
import { DonutChart } from '@mantine/charts';
import { useTranslation } from 'react-i18next';

/**
 * Principal and fee outstanding as a ring. A picture only: the card beside it states both
 * figures in words, so the chart is hidden from screen readers and is no keyboard stop.
 */
export function BalanceSplitChart({ principal, fee }: { principal: number; fee: number }) {
  const { t } = useTranslation();
  return (
    <DonutChart
      size={120}
      thickness={18}
      withTooltip={false}
      aria-hidden
      data={[
        { name: t('financing.balance.principal'), value: principal, color: 'indigo.6' },
        { name: t('financing.balance.fee'), value: fee, color: 'orange.5' },
      ]}
      pieProps={{ isAnimationActive: false }}
    />
  );
}
