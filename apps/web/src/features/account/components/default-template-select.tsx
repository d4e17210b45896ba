import { NativeSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DocumentKind } from '../../../lib/document-kinds';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useBootstrap } from '../../../lib/session';
import { useDocumentTemplates } from '../../documents';
import { useUpdateDefaultTemplate } from '../account-queries';

const settingOf = { invoice: 'default_invoice_template', estimate: 'default_estimate_template' } as const;

/**
 * The PDF template this user's new documents of a kind get (user settings); "the business's
 * default" leaves the choice to the tenant's default template.
 */
export function DefaultTemplateSelect({ kind }: { kind: DocumentKind }) {
  const { t } = useTranslation();
  const { current_user_settings: settings } = useBootstrap();
  const templates = useDocumentTemplates(kind);
  const update = useUpdateDefaultTemplate(settingOf[kind]);
  const current = (update.isError ? undefined : update.variables) ?? settings[settingOf[kind]] ?? '';
  return (
    <NativeSelect
      label={t(`account.default_template.${kind}`)}
      maw={480}
      value={current}
      disabled={update.isPending || templates.isPending}
      onChange={(event) => update.mutate(event.currentTarget.value || null, { onSuccess: () => notifySuccess(t('account.default_template.saved')), onError: notifyError })}
      data={[{ value: '', label: t('account.default_template.tenant_default') }, ...(templates.data ?? []).map((template) => ({ value: template.name, label: template.label }))]}
    />
  );
}
