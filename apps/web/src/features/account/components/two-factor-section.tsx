import { useState } from 'react';
import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { notifySuccess } from '../../../lib/notify';
import { sessionKey, useBootstrap } from '../../../lib/session';
import { twoFactorApi } from '../account-queries';
import { usePasswordGate } from './password-confirmation';
import { RecoveryCodes } from './recovery-codes';
import { TwoFactorSetup, type TwoFactorSetupData } from './two-factor-setup';

export function TwoFactorSection() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { current_user: user } = useBootstrap();
  const gate = usePasswordGate();
  const [setup, setSetup] = useState<TwoFactorSetupData | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [confirmDisable, setConfirmDisable] = useState(false);
  const [busy, setBusy] = useState(false);
  const enabled = user.two_factor.enabled && user.two_factor.confirmed;

  const refreshSession = () => queryClient.invalidateQueries({ queryKey: sessionKey });

  const guarded = async (action: () => Promise<void>) => {
    setBusy(true);
    try {
      await gate.run(action);
    } finally {
      setBusy(false);
    }
  };

  const enable = () =>
    guarded(async () => {
      setSetup(await twoFactorApi.enable());
    });

  const regenerate = () =>
    guarded(async () => {
      const result = await twoFactorApi.regenerateRecoveryCodes();
      setCodes(result.recovery_codes);
    });

  const disable = () => {
    setConfirmDisable(false);
    void guarded(async () => {
      await twoFactorApi.disable();
      setCodes(null);
      await refreshSession();
      notifySuccess(t('account.two_factor_disabled'));
    });
  };

  const onConfirmed = async (recoveryCodes: string[]) => {
    setSetup(null);
    setCodes(recoveryCodes);
    notifySuccess(t('account.two_factor_enabled'));
    await refreshSession();
  };

  return (
    <Stack gap="md">
      <Group gap="sm">
        <Text size="sm">{t('account.two_factor_help')}</Text>
        <Badge color={enabled ? 'green' : 'gray'} variant="light">
          {enabled ? t('account.two_factor_on') : t('account.two_factor_off')}
        </Badge>
      </Group>
      {codes && <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />}
      {setup ? (
        <TwoFactorSetup setup={setup} onConfirmed={(c) => void onConfirmed(c)} onCancel={() => setSetup(null)} />
      ) : enabled ? (
        <Group>
          <Button variant="default" onClick={() => void regenerate()} loading={busy}>
            {t('account.regenerate_recovery_codes')}
          </Button>
          <Button color="red" variant="light" onClick={() => setConfirmDisable(true)} disabled={busy}>
            {t('account.disable_two_factor')}
          </Button>
        </Group>
      ) : (
        <Group>
          <Button onClick={() => void enable()} loading={busy}>
            {t('account.enable_two_factor')}
          </Button>
        </Group>
      )}
      <ConfirmDialog
        opened={confirmDisable}
        title={t('account.disable_two_factor')}
        message={t('account.disable_two_factor_confirm')}
        onConfirm={disable}
        onCancel={() => setConfirmDisable(false)}
      />
      {gate.modal}
    </Stack>
  );
}
