import { useState } from 'react';
import { Alert, Button, List, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AccessTokenResource } from '@app/contracts';
import { formatDate } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useRevokeAccessToken } from '../account-queries';

/**
 * After a password change: the personal access tokens that still work (sessions and device tokens
 * were ended), each with a revoke button, so the user decides which to keep.
 */
export function TokensAfterPasswordChange({ tokens, total }: { tokens: readonly AccessTokenResource[]; total: number }) {
  const { t } = useTranslation();
  const revoke = useRevokeAccessToken();
  const [revoked, setRevoked] = useState<ReadonlySet<string>>(new Set());
  const remaining = tokens.filter((token) => !revoked.has(token.id));

  const revokeOne = (token: AccessTokenResource) =>
    revoke.mutate(token.id, {
      onSuccess: () => {
        setRevoked((before) => new Set([...before, token.id]));
        notifySuccess(t('tokens.revoked'));
      },
      onError: notifyError,
    });

  return (
    <Alert color="yellow" title={t('account.tokens_still_work_title')} role="status" data-testid="tokens-after-password-change">
      <Stack gap="xs">
        <Text size="sm">{remaining.length === 0 ? t('account.tokens_none_left') : t('account.tokens_still_work')}</Text>
        {remaining.length > 0 && (
          <List spacing="xs" listStyleType="none" aria-label={t('account.tokens_still_work_title')}>
            {remaining.map((token) => (
              <List.Item key={token.id}>
                <Stack gap={4} align="flex-start">
                  <Text size="sm" fw={500}>
                    {token.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t('account.token_dates', {
                      created: formatDate(token.created_at),
                      expires: formatDate(token.expires_at),
                      used: token.last_used_at ? t('account.token_last_used', { date: formatDate(token.last_used_at) }) : t('tokens.never_used'),
                    })}
                  </Text>
                  <Button
                    size="xs"
                    color="red"
                    variant="light"
                    loading={revoke.isPending && revoke.variables === token.id}
                    onClick={() => revokeOne(token)}
                    aria-label={t('tokens.revoke_named', { name: token.name })}
                  >
                    {t('tokens.revoke')}
                  </Button>
                </Stack>
              </List.Item>
            ))}
          </List>
        )}
        {total > tokens.length && <Text size="sm">{t('account.tokens_more', { count: total - tokens.length })}</Text>}
      </Stack>
    </Alert>
  );
}
