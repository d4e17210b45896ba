import { type FormEvent, useState } from 'react';
import { Button, Group, Modal, NativeSelect, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type ImportJobResource, messages } from '@app/contracts';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Icon } from '../../../components/icon';
import { firstFieldErrors } from '../../../lib/api-error';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useDeleteImportPreset, useImportPresets, useSaveImportPreset } from '../data-import-queries';
import { type ImportMapping, mappingFromPreset, presetFitsHeaders, presetMapping } from '../import-mapping';

interface SavedMappingsProps {
  job: ImportJobResource;
  mapping: ImportMapping;
  onApply: (mapping: ImportMapping) => void;
}

/** Mappings saved for the entity: one is applied by choosing it (columns found by header), the current one saved under a name. */
export function SavedMappings({ job, mapping, onApply }: SavedMappingsProps) {
  const { t } = useTranslation();
  const presets = useImportPresets();
  const remove = useDeleteImportPreset();
  const [chosen, setChosen] = useState('');
  const [saving, setSaving] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const forEntity = (presets.data ?? []).filter((preset) => preset.entity === job.entity);
  const current = forEntity.find((preset) => preset.id === chosen);

  const choose = (id: string) => {
    setChosen(id);
    const preset = forEntity.find((candidate) => candidate.id === id);
    if (preset) onApply(mappingFromPreset(job, preset));
  };

  const confirmDelete = () => {
    if (!current) return;
    remove.mutate(current.id, {
      onSuccess: () => {
        notifySuccess(t('data_import.presets.deleted'));
        setChosen('');
      },
      onError: notifyError,
      onSettled: () => setDeleting(false),
    });
  };

  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      {forEntity.length > 0 && (
        <NativeSelect
          label={t('data_import.presets.label')}
          value={chosen}
          onChange={(event) => choose(event.currentTarget.value)}
          data={[
            { value: '', label: t('data_import.presets.none') },
            ...forEntity.map((preset) => ({ value: preset.id, label: presetFitsHeaders(preset, job) ? t('data_import.presets.fits', { name: preset.name }) : preset.name })),
          ]}
          w={280}
          maw="100%"
        />
      )}
      {current && (
        <Button variant="subtle" color="red" leftSection={<Icon name="trash" size={16} />} onClick={() => setDeleting(true)}>
          {t('data_import.presets.delete')}
        </Button>
      )}
      <Button variant="default" onClick={() => setSaving(true)}>
        {t('data_import.presets.save')}
      </Button>
      {saving && <SavePresetModal job={job} mapping={mapping} onClose={() => setSaving(false)} />}
      <ConfirmDialog
        opened={deleting}
        title={t('data_import.presets.delete_title')}
        message={t('data_import.presets.delete_message', { name: current?.name ?? '' })}
        loading={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(false)}
      />
    </Group>
  );
}

function SavePresetModal({ job, mapping, onClose }: { job: ImportJobResource; mapping: ImportMapping; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSaveImportPreset();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === '') {
      setError(messages.required);
      return;
    }
    try {
      await save.mutateAsync({ name: name.trim(), entity: job.entity, headers: job.columns.map((column) => column.header), mapping: presetMapping(job, mapping) });
      notifySuccess(t('data_import.presets.saved'));
      onClose();
    } catch (err) {
      const fields = firstFieldErrors(err);
      if (fields.name) setError(fields.name);
      else notifyError(err);
    }
  };

  return (
    <Modal opened onClose={onClose} title={t('data_import.presets.save_title')} centered>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack>
          <TextInput
            label={t('data_import.presets.name')}
            required
            value={name}
            onChange={(event) => {
              setName(event.currentTarget.value);
              setError(null);
            }}
            error={error}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
