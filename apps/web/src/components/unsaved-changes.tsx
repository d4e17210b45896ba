import { createContext, useCallback, useContext, useEffect, useId, useState, type ReactNode } from 'react';
import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';

type Report = (key: string, dirty: boolean) => void;
const DirtyContext = createContext<Report | null>(null);

/**
 * One navigation blocker per page (react-router allows one at a time) shared by every form
 * inside it: leaving while any of them is dirty asks Leave or Stay.
 */
export function UnsavedChangesGuard({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [dirtyKeys, setDirtyKeys] = useState<ReadonlySet<string>>(() => new Set());
  const report = useCallback<Report>((key, dirty) => {
    setDirtyKeys((previous) => {
      if (previous.has(key) === dirty) return previous;
      const next = new Set(previous);
      if (dirty) next.add(key);
      else next.delete(key);
      return next;
    });
  }, []);
  const dirty = dirtyKeys.size > 0;
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);

  useEffect(() => {
    if (!dirty) return undefined;
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  return (
    <DirtyContext.Provider value={report}>
      {children}
      <Modal opened={blocker.state === 'blocked'} onClose={() => blocker.reset?.()} title={t('common.unsaved_title')} centered>
        <Text mb="lg">{t('common.unsaved_changes')}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => blocker.reset?.()} data-autofocus>
            {t('common.stay')}
          </Button>
          <Button color="red" onClick={() => blocker.proceed?.()}>
            {t('common.leave')}
          </Button>
        </Group>
      </Modal>
    </DirtyContext.Provider>
  );
}

/** Tells the surrounding guard whether this form has unsaved changes. */
export function useReportDirty(dirty: boolean): void {
  const report = useContext(DirtyContext);
  const key = useId();
  useEffect(() => {
    report?.(key, dirty);
  }, [report, key, dirty]);
  useEffect(() => () => report?.(key, false), [report, key]);
}
