import { NativeSelect, TextInput, Textarea } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { type NoteRequest, type NoteResource, MAX_NOTES_LENGTH, noteRequestSchema, noteTypes } from '@app/contracts';
import { FormModal } from '../../../components/form-modal';
import { handleFormError } from '../../../lib/form-errors';
import { notifySuccess } from '../../../lib/notify';
import { notesApi } from '../../catalog';

const FIELDS = ['type', 'name', 'notes'] as const;

export function NoteFormModal({ note, onClose }: { note: NoteResource | null; onClose: () => void }) {
  const { t } = useTranslation();
  const save = notesApi.useSave();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<NoteRequest, unknown, z.output<typeof noteRequestSchema>>({
    resolver: zodResolver(noteRequestSchema),
    defaultValues: { type: note?.type ?? 'Invoice', name: note?.name ?? '', notes: note?.notes ?? '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await save.mutateAsync({ id: note?.id ?? null, body: values });
      notifySuccess(t(note ? 'notes.updated' : 'notes.created'));
      onClose();
    } catch (err) {
      handleFormError(err, setError, FIELDS);
    }
  });

  return (
    <FormModal opened onClose={onClose} title={note ? t('notes.edit_title', { name: note.name }) : t('notes.create')} size="lg" onSubmit={onSubmit} submitting={isSubmitting}>
      <NativeSelect label={t('notes.type')} data={noteTypes.map((type) => ({ value: type, label: t(`notes.types.${type}`) }))} error={errors.type?.message} {...register('type')} />
      <TextInput label={t('notes.name')} required data-autofocus error={errors.name?.message} {...register('name')} />
      <Textarea label={t('notes.notes')} required rows={8} maxLength={MAX_NOTES_LENGTH + 1} error={errors.notes?.message} {...register('notes')} />
    </FormModal>
  );
}
