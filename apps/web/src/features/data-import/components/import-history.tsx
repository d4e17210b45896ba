import { Anchor, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ImportJobResource } from '@app/contracts';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { useListQueryState } from '../../../components/data-table/use-list-query-state';
import { formatDateTime } from '../../../lib/format';
import { importLinks } from '../../../lib/paths';
import { useImports } from '../data-import-queries';
import { ImportStatusBadge } from './import-status-badge';

/** The business's imports, newest first: each opens in the wizard (its result, or its mapping if never run). */
export function ImportHistory({ currentId }: { currentId: string | null }) {
  const { t } = useTranslation();
  const list = useListQueryState([] as const);
  const imports = useImports(list.page);

  const columns: DataTableColumn<ImportJobResource>[] = [
    {
      key: 'file',
      header: t('data_import.history.file'),
      // The open job's row is shaded: a link there would not read on the shade, and leads where the user is.
      render: (job) =>
        job.id === currentId ? (
          <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
            {job.file_name}
          </Text>
        ) : (
          <Anchor component={Link} to={importLinks.job(job.id)} size="sm" style={{ overflowWrap: 'anywhere' }}>
            {job.file_name}
          </Anchor>
        ),
    },
    { key: 'entity', header: t('data_import.entity'), render: (job) => t(`data_import.entities.${job.entity}`) },
    { key: 'status', header: t('data_import.history.status'), render: (job) => <ImportStatusBadge status={job.status} /> },
    { key: 'created', header: t('data_import.run.created'), align: 'right', render: (job) => job.created_count },
    { key: 'skipped', header: t('data_import.run.skipped'), align: 'right', render: (job) => job.skipped_count },
    { key: 'created_at', header: t('data_import.history.date'), render: (job) => formatDateTime(job.created_at) },
  ];

  return (
    <Stack gap="sm" component="section" aria-labelledby="import-history-title">
      <Title order={2} fz="h4" id="import-history-title">
        {t('data_import.history.title')}
      </Title>
      <DataTable
        query={imports}
        columns={columns}
        getRowId={(job) => job.id}
        minWidth={680}
        emptyText={t('data_import.history.empty')}
        isRowCurrent={(job) => job.id === currentId}
      />
    </Stack>
  );
}
