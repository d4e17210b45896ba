import type { FormEventHandler, ReactNode } from 'react';
import { Button, Group, Modal, type ModalProps, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { QueryState } from './query-state';

interface FormModalProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  size?: ModalProps['size'];
  onSubmit: FormEventHandler<HTMLFormElement>;
  submitting: boolean;
  /** The submit button's label; "Save" unless told. */
  submitLabel?: string;
  /** A query the form needs before it can be filled in (the roles to choose from, say). */
  loading?: { isPending: boolean; error: unknown; onRetry: () => void };
  children: ReactNode;
}

/** A form in a centred modal: the fields, then Cancel and the submit button. */
export function FormModal({ opened, onClose, title, size, onSubmit, submitting, submitLabel, loading, children }: FormModalProps) {
  const { t } = useTranslation();
  const form = (
    <form onSubmit={onSubmit} noValidate>
      <Stack>
        {children}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={submitting}>
            {submitLabel ?? t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
  return (
    <Modal opened={opened} onClose={onClose} title={title} size={size} centered>
      {loading ? (
        <QueryState isPending={loading.isPending} error={loading.error} onRetry={loading.onRetry}>
          {form}
        </QueryState>
      ) : (
        form
      )}
    </Modal>
  );
}
