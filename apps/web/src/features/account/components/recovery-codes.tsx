import { Alert, Button, Code, Group, List, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CopyTextButton } from '../../../components/copy-button';

/** Recovery codes are shown once, right after they are generated. */
export function RecoveryCodes({ codes, onDone }: { codes: readonly string[]; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert color="yellow" title={t('account.recovery_codes_title')}>
      <Stack gap="sm">
        {t('account.recovery_codes_help')}
        <List data-testid="recovery-codes" listStyleType="none" spacing={4}>
          {codes.map((code) => (
            <List.Item key={code}>
              <Code>{code}</Code>
            </List.Item>
          ))}
        </List>
        <Group>
          <CopyTextButton value={codes.join('\n')} label={t('account.copy_codes')} />
          <Button size="xs" variant="default" onClick={onDone}>
            {t('common.done')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
