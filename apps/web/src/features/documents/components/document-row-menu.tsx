import type { ReactNode } from 'react';
import { ActionIcon, Menu } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon } from '../../../components/icon';
import { type DocumentKind, documentLinks } from '../../../lib/document-kinds';
import { type ActionSubject, useDocumentPermissions } from '../use-document-commands';

interface DocumentRowMenuProps {
  kind: DocumentKind;
  document: ActionSubject & { number: string };
  onClone: () => void;
  onDelete: () => void;
  /** More items after View (an incoming invoice's Pay); mounted only while the menu is open. */
  extraItems?: ReactNode;
}

/** A list row's menu: view, and edit, clone, delete when the document and the caller's abilities allow them. */
export function DocumentRowMenu({ kind, document, onClone, onDelete, extraItems }: DocumentRowMenuProps) {
  const { t } = useTranslation();
  const may = useDocumentPermissions(kind)(document);
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={t('invoices.actions.menu_for', { number: document.number })}>
          <Icon name="dots" />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item component={Link} to={documentLinks.view(kind, document.id)}>
          {t('invoices.actions.view')}
        </Menu.Item>
        {extraItems}
        {may.edit && (
          <Menu.Item component={Link} to={documentLinks.edit(kind, document.id)}>
            {t('invoices.actions.edit')}
          </Menu.Item>
        )}
        {may.clone && <Menu.Item onClick={onClone}>{t('invoices.actions.clone')}</Menu.Item>}
        {may.delete && (
          <Menu.Item color="red.9" onClick={onDelete}>
            {t('invoices.actions.delete')}
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
