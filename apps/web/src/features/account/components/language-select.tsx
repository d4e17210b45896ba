import { NativeSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { defaultLanguage, languages } from '@app/contracts';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useBootstrap } from '../../../lib/session';
import { useUpdateLanguage } from '../account-queries';

export function LanguageSelect() {
  const { t, i18n } = useTranslation();
  const { current_user_settings: settings, current_user: user } = useBootstrap();
  const update = useUpdateLanguage();
  const chosen = update.isError ? undefined : update.variables;
  const current = chosen ?? settings.language ?? user.language ?? defaultLanguage;

  const onChange = (language: string) => {
    update.mutate(language, {
      onSuccess: () => {
        void i18n.changeLanguage(language).then(() => notifySuccess(t('account.language_updated')));
      },
      onError: notifyError,
    });
  };

  return (
    <NativeSelect
      label={t('account.language')}
      maw={480}
      value={current}
      disabled={update.isPending}
      onChange={(event) => onChange(event.currentTarget.value)}
      data={languages.map((language) => ({ value: language.code, label: language.name }))}
    />
  );
}
