import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ImportEntity } from '@app/contracts';
import { Icon } from '../../../components/icon';
import { importLinks } from '../../../lib/paths';
import { useCan } from '../../../lib/session';

/** The list pages' way into the import wizard, with their entity chosen; shown to those who may import. */
export function ImportButton({ entity }: { entity: ImportEntity }) {
  const { t } = useTranslation();
  const can = useCan('business');
  if (!can('import-data')) return null;
  return (
    <Button component={Link} to={importLinks.entity(entity)} variant="default" leftSection={<Icon name="upload" size={16} />}>
      {t('data_import.import_button')}
    </Button>
  );
}
