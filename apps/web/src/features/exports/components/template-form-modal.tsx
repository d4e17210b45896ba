import { type FormEvent, useState } from 'react';
import { ActionIcon, Checkbox, Group, Select, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type ExportTemplateField, type ExportTemplateResource, type ExportType, builtInExportColumns, exportFields, exportTypes } from '@app/contracts';
import { FormModal } from '../../../components/form-modal';
import { Icon } from '../../../components/icon';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useSaveExportTemplate } from '../exports-queries';

const isExportType = (value: string | null): value is ExportType => exportTypes.some((type) => type === value);

/**
 * A template's name, export type and columns: the fields picked in the file's order, each under
 * the column name the file gives it (the field's label until renamed).
 */
export function TemplateFormModal({ template, onClose }: { template: ExportTemplateResource | null; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSaveExportTemplate();
  const [name, setName] = useState(template?.name ?? '');
  const [type, setType] = useState<ExportType>(template?.export_type ?? 'invoices');
  const [fields, setFields] = useState<ExportTemplateField[]>(template?.fields ?? builtInExportColumns('invoices'));
  const [isDefault, setIsDefault] = useState(template?.is_default ?? false);
  const [nameError, setNameError] = useState<string | null>(null);
  const definitions = exportFields[type];
  const labelOf = (field: string) => definitions.find((definition) => definition.field === field)?.label ?? field;
  const remaining = definitions.filter((definition) => !fields.some((entry) => entry.field === definition.field));

  const changeType = (value: string | null) => {
    if (!isExportType(value)) return;
    setType(value);
    setFields(builtInExportColumns(value));
  };
  const move = (index: number, by: -1 | 1) => {
    const next = [...fields];
    const [moved] = next.splice(index, 1);
    if (!moved) return;
    next.splice(index + by, 0, moved);
    setFields(next);
  };
  const rename = (index: number, columnName: string) => setFields(fields.map((entry, at) => (at === index ? { ...entry, column_name: columnName } : entry)));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === '') {
      setNameError(t('exports.templates.name_required'));
      return;
    }
    save.mutate(
      { id: template?.id ?? null, body: { name, export_type: type, fields, is_default: isDefault } },
      {
        onSuccess: () => {
          notifySuccess(t('exports.templates.saved'));
          onClose();
        },
        onError: notifyError,
      },
    );
  };

  return (
    <FormModal opened onClose={onClose} title={t(template ? 'exports.templates.edit_title' : 'exports.templates.create_title')} size="lg" onSubmit={submit} submitting={save.isPending}>
      <TextInput label={t('exports.templates.name')} value={name} onChange={(event) => setName(event.currentTarget.value)} error={nameError} required />
      <Select
        label={t('exports.templates.type')}
        data={exportTypes.map((value) => ({ value, label: t(`exports.types.${value}`) }))}
        value={type}
        onChange={changeType}
        allowDeselect={false}
      />
      <Stack gap="xs">
        <Text size="sm" fw={500}>
          {t('exports.templates.columns')}
        </Text>
        {fields.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('exports.templates.no_columns')}
          </Text>
        )}
        {fields.map((entry, index) => (
          <Group key={entry.field} gap="xs" wrap="nowrap" align="flex-end">
            <TextInput
              style={{ flex: 1 }}
              label={t('exports.templates.column_for', { field: labelOf(entry.field) })}
              value={entry.column_name}
              onChange={(event) => rename(index, event.currentTarget.value)}
            />
            <Tooltip label={t('exports.templates.move_up')}>
              <ActionIcon variant="subtle" size="lg" aria-label={t('exports.templates.move_up_named', { field: labelOf(entry.field) })} disabled={index === 0} onClick={() => move(index, -1)}>
                <Icon name="chevron-up" size={16} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label={t('exports.templates.move_down')}>
              <ActionIcon variant="subtle" size="lg" aria-label={t('exports.templates.move_down_named', { field: labelOf(entry.field) })} disabled={index === fields.length - 1} onClick={() => move(index, 1)}>
                <Icon name="chevron-down" size={16} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label={t('exports.templates.remove')}>
              <ActionIcon variant="subtle" color="red" size="lg" aria-label={t('exports.templates.remove_named', { field: labelOf(entry.field) })} onClick={() => setFields(fields.filter((_, at) => at !== index))}>
                <Icon name="trash" size={16} />
              </ActionIcon>
            </Tooltip>
          </Group>
        ))}
        {remaining.length > 0 && (
          <Select
            label={t('exports.templates.add_field')}
            placeholder={t('exports.templates.add_field_placeholder')}
            data={remaining.map((definition) => ({ value: definition.field, label: definition.label }))}
            value={null}
            onChange={(field) => {
              if (field) setFields([...fields, { field, column_name: labelOf(field) }]);
            }}
          />
        )}
      </Stack>
      <Checkbox label={t('exports.templates.make_default')} checked={isDefault} onChange={(event) => setIsDefault(event.currentTarget.checked)} />
    </FormModal>
  );
}
