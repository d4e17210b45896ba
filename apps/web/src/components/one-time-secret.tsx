import { Alert, Button, Code, Group, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CopyTextButton } from './copy-button';

type OneTimeSecretProps = { value: string; title: string; warning: string; testId: string; copyLabel?: string; onDone: () => void };

/** A secret the server shows this once (a token, a signing secret): the warning, the value, a copy button and Done. */
export function OneTimeSecret({ value, title, warning, testId, copyLabel, onDone }: OneTimeSecretProps) {
  const { t } = useTranslation();
  return (
    <Stack>
      <Alert color="yellow" title={title}>
        {warning}
      </Alert>
      <Code block data-testid={testId} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {value}
      </Code>
      <Group justify="space-between">
        <CopyTextButton value={value} {...(copyLabel ? { label: copyLabel } : {})} />
        <Button onClick={onDone} data-autofocus>
          {t('common.done')}
        </Button>
      </Group>
    </Stack>
  );
}
