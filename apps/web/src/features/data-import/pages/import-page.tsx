import { Divider, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { type ImportEntity, importEntities } from '@app/contracts';
import { PageHeader } from '../../../components/page-header';
import { ImportHistory } from '../components/import-history';
import { ImportWizard } from '../components/import-wizard';

const JOB_PARAM = 'job';
const ENTITY_PARAM = 'entity';

function readEntity(value: string | null): ImportEntity {
  return importEntities.find((entity) => entity === value) ?? 'customers';
}

/** `/import` (import-data): the wizard, on the job named by `?job=` or a new upload for `?entity=`, over the history of imports. */
export function ImportPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const jobId = params.get(JOB_PARAM);
  const entity = readEntity(params.get(ENTITY_PARAM));

  const write = (change: (next: URLSearchParams) => void, replace: boolean) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        change(next);
        return next;
      },
      { replace },
    );

  return (
    <>
      <PageHeader title={t('data_import.title')} description={t('data_import.description')} />
      <Stack gap="xl">
        <ImportWizard
          key={jobId ?? 'new'}
          jobId={jobId}
          entity={entity}
          onEntityChange={(next) => write((query) => query.set(ENTITY_PARAM, next), true)}
          onJob={(job) =>
            write((query) => {
              query.set(JOB_PARAM, job.id);
              query.set(ENTITY_PARAM, job.entity);
            }, false)
          }
          onStartOver={(left) =>
            write((query) => {
              query.delete(JOB_PARAM);
              if (left) query.set(ENTITY_PARAM, left);
            }, false)
          }
        />
        <Divider />
        <ImportHistory currentId={jobId} />
      </Stack>
    </>
  );
}
