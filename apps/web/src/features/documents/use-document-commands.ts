import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { type DocumentKind, documentKinds, documentLinks } from '../../lib/document-kinds';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useCan } from '../../lib/session';
import { type DocumentCommand, useDeleteDocuments, useDocumentCommand } from './documents-queries';

/** The success notice of each command (spec section 8: 'Invoice marked as open', 'Invoice cloned', ...). */
const NOTICE: Record<DocumentCommand, string> = {
  finalize: 'finalized',
  void: 'voided',
  'mark-sent': 'marked_sent',
  clone: 'cloned',
  approve: 'approved',
  'admin-approve': 'approved',
  reject: 'rejected',
  'convert-to-invoice': 'converted',
};

/** A document or list row as far as deciding its actions goes. */
export type ActionSubject = { id: string; direction: 'outgoing' | 'incoming'; status: string; allowed_actions: readonly string[] };

/**
 * What the caller may do with a document: the server's `allowed_actions` (its status table and the
 * caller's abilities), narrowed by the abilities held here and by the side of the document the
 * business is on (the issuer edits and sends; the receiver approves or rejects).
 */
export function useDocumentPermissions(kind: DocumentKind) {
  const can = useCan('business');
  const abilities = documentKinds[kind].abilities;
  return (document: ActionSubject) => {
    const allowed = (action: string) => document.allowed_actions.includes(action);
    const issuer = document.direction === 'outgoing';
    return {
      edit: issuer && allowed('edit') && can(abilities.edit),
      finalize: issuer && allowed('finalize') && can(abilities.edit),
      send: issuer && allowed('send') && can(abilities.send),
      markSent: issuer && allowed('mark_sent') && can(abilities.send),
      void: issuer && allowed('void') && can(abilities.edit),
      updateDueDate: kind === 'invoice' && issuer && allowed('update_due_date') && can(abilities.edit),
      clone: issuer && allowed('clone') && can(abilities.create),
      delete: issuer && allowed('delete') && can(abilities.delete),
      adminApprove: kind === 'invoice' && issuer && allowed('admin_approve') && can(abilities.approve),
      convert: kind === 'estimate' && issuer && allowed('convert') && can('create-invoice'),
      // A draft is not visible to anyone outside the business, so it has no public link.
      publicLink: issuer && document.status !== 'draft' && can(abilities.send),
      approve: !issuer && allowed('approve') && can(abilities.approve),
      reject: !issuer && allowed('reject') && can(abilities.approve),
    };
  };
}

/** Runs document commands with their notices, and goes where the result is (a clone, a converted invoice, the list). */
export function useDocumentCommands(kind: DocumentKind) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const command = useDocumentCommand(kind);
  const remove = useDeleteDocuments(kind);

  const run = async (id: string, name: DocumentCommand): Promise<boolean> => {
    try {
      const result = await command.mutateAsync({ id, command: name });
      notifySuccess(t(`${kind}s.notice.${NOTICE[name]}`));
      if (name === 'clone' && 'data' in result) await navigate(documentLinks.view(kind, result.data.id));
      if (name === 'convert-to-invoice' && 'data' in result) await navigate(documentLinks.view('invoice', result.data.id));
      return true;
    } catch (err) {
      notifyError(err);
      return false;
    }
  };

  const removeAll = async (ids: readonly string[]): Promise<boolean> => {
    try {
      await remove.mutateAsync(ids);
      notifySuccess(t(`${kind}s.notice.deleted_many`, { count: ids.length }));
      return true;
    } catch (err) {
      notifyError(err);
      return false;
    }
  };

  return { run, running: command.isPending, removeAll, removing: remove.isPending };
}
