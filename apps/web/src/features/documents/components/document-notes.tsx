import { Button, Menu, Stack, Textarea } from '@mantine/core';
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { NoteType } from '@app/contracts';
import { Icon } from '../../../components/icon';
import { notesApi } from '../../../lib/queries/catalog-queries';
import type { DocumentFormValues } from '../document-form-values';

const NOTES_LIMIT = 100;

/** Notes typed or inserted from the notes library of the document's type. */
export function DocumentNotes({ noteType }: { noteType: NoteType }) {
  const { t } = useTranslation();
  const { register, getValues, setValue, formState } = useFormContext<DocumentFormValues>();
  const library = notesApi.useList({ type: noteType, limit: NOTES_LIMIT });
  const notes = library.data?.data ?? [];

  const insert = (text: string) => {
    const current = getValues('notes');
    setValue('notes', current.trim() === '' ? text : `${current}\n\n${text}`, { shouldDirty: true });
  };

  return (
    <Stack gap={6}>
      <Textarea label={t('document_form.notes')} rows={5} error={formState.errors.notes?.message} {...register('notes')} />
      <Menu position="bottom-start" withinPortal>
        <Menu.Target>
          <Button variant="subtle" size="compact-sm" leftSection={<Icon name="notes" size={14} />} style={{ alignSelf: 'flex-start' }} loading={library.isPending}>
            {t('document_form.insert_note')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {notes.length === 0 && <Menu.Label>{t('document_form.no_notes')}</Menu.Label>}
          {notes.map((note) => (
            <Menu.Item key={note.id} onClick={() => insert(note.notes)}>
              {note.name}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
    </Stack>
  );
}
