import { Button, CopyButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function CopyTextButton({ value, label }: { value: string; label?: string }) {
  const { t } = useTranslation();
  return (
    <CopyButton value={value}>
      {({ copied, copy }) => (
        <Button variant="light" size="xs" color={copied ? 'green' : undefined} onClick={copy}>
          {copied ? t('common.copied') : (label ?? t('common.copy'))}
        </Button>
      )}
    </CopyButton>
  );
}
