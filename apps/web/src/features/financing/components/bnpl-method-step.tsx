import { Anchor, Badge, Group, Radio, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { QueryState } from '../../../components/query-state';
import { companyPaths } from '../../../lib/paths';
import { useSavedMethods } from '../../saved-methods';

interface BnplMethodStepProps {
  selected: string | null;
  onSelect: (id: string) => void;
  problem: string | null;
}

/** Step 3: the saved payment method charged on the repay date; with none saved, the way to settings to add one. */
export function BnplMethodStep({ selected, onSelect, problem }: BnplMethodStepProps) {
  const { t } = useTranslation();
  const methods = useSavedMethods();
  const list = methods.data?.data ?? [];
  return (
    <QueryState isPending={methods.isPending} error={methods.error} onRetry={() => void methods.refetch()}>
      {list.length === 0 ? (
        <Stack gap="xs" align="flex-start">
          <Text>{t('financing.bnpl.no_methods')}</Text>
          <Anchor component={Link} to={companyPaths.paymentMethods}>
            {t('financing.bnpl.add_method')}
          </Anchor>
        </Stack>
      ) : (
        <Radio.Group label={t('financing.bnpl.method_label')} description={t('financing.bnpl.method_help')} value={selected} onChange={onSelect} error={problem} required>
          <Stack gap="xs" mt="xs">
            {list.map((method) => (
              <Radio
                key={method.id}
                value={method.id}
                label={
                  <Group gap="xs" component="span">
                    {method.name}
                    {method.is_default && (
                      <Badge variant="light" size="sm" component="span">
                        {t('financing.bnpl.default_method')}
                      </Badge>
                    )}
                  </Group>
                }
                description={method.expiry_date ? t('financing.bnpl.card_expires', { date: method.expiry_date }) : t(`saved_methods.types.${method.type}`)}
              />
            ))}
          </Stack>
        </Radio.Group>
      )}
    </QueryState>
  );
}
