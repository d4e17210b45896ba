import { Alert, Anchor, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { currencyById } from '@app/contracts';
import { companyPaths } from '../lib/paths';
import { useCan } from '../lib/session';

/** Amounts of these currencies have no exchange rate yet and are left out of the figures (dashboard, invoice statistics). */
export function UnconvertedNotice({ currencyIds }: { currencyIds: readonly number[] }) {
  const { t } = useTranslation();
  const can = useCan('business');
  if (currencyIds.length === 0) return null;
  const codes = currencyIds.map((id) => currencyById(id)?.code ?? String(id)).join(', ');
  return (
    <Alert color="yellow" title={t('unconverted.title')}>
      <Text size="sm">{t('unconverted.text', { currencies: codes })}</Text>
      {can('manage-business-settings') && (
        <Anchor component={Link} to={companyPaths.exchangeRates} size="sm">
          {t('unconverted.link')}
        </Anchor>
      )}
    </Alert>
  );
}
