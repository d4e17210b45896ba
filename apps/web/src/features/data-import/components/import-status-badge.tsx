import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ImportStatus } from '@app/contracts';

const COLORS: Record<ImportStatus, string> = {
  mapping: 'gray',
  queued: 'blue',
  running: 'blue',
  completed: 'green',
  failed: 'red',
  undone: 'gray',
};

export function ImportStatusBadge({ status }: { status: ImportStatus }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={COLORS[status]}>
      {t(`data_import.status.${status}`)}
    </Badge>
  );
}
