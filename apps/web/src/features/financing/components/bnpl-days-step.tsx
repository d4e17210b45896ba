import { NumberInput, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { MAX_DAYS_TO_DEFER } from '@app/contracts';

interface BnplDaysStepProps {
  days: string | number;
  onDaysChange: (value: string | number) => void;
  daysProblem: string | null;
}

/** Step 1: how many days to defer the invoice by (spec section 9: 90 unless changed); "Next" asks the lender for its offer. */
export function BnplDaysStep({ days, onDaysChange, daysProblem }: BnplDaysStepProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" maw={360}>
      <Text size="sm">{t('financing.bnpl.days_intro')}</Text>
      <NumberInput
        label={t('financing.bnpl.days_label')}
        description={t('financing.bnpl.days_help', { max: MAX_DAYS_TO_DEFER })}
        value={days}
        onChange={onDaysChange}
        min={1}
        max={MAX_DAYS_TO_DEFER}
        allowDecimal={false}
        allowNegative={false}
        clampBehavior="none"
        inputMode="numeric"
        error={daysProblem}
        required
      />
    </Stack>
  );
}
