import { Alert, Button, Code, Group, Modal, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { type AbilityGroup, type AbilityScope, type ApiClientOptions, type CreateApiClientRequest, type CreateApiClientResponse, abilityGroups, createApiClientRequestSchema } from '@app/contracts';
import { CopyTextButton } from '../../../components/copy-button';
import { QueryState } from '../../../components/query-state';
import { handleFormError } from '../../../lib/form-errors';
import { notifySuccess } from '../../../lib/notify';
import { AbilityPicker } from '../../roles';
import { useApiClientOptions, useCreateApiClient } from '../api-clients-queries';

const PLATFORM = '';
const DEFAULTS: CreateApiClientRequest = { name: '', business_id: null, abilities: [] };

/** The catalogue of the scope, cut down to what the admin holds there: a client gets no more. */
function heldGroups(scope: AbilityScope, held: readonly string[]): AbilityGroup[] {
  return abilityGroups(scope)
    .map((group) => ({ model: group.model, abilities: group.abilities.filter((name) => held.includes(name)) }))
    .filter((group) => group.abilities.length > 0);
}

function heldIn(options: ApiClientOptions, businessId: string | null): readonly string[] {
  if (businessId === null) return options.platform_abilities;
  return options.businesses.find((business) => business.id === businessId)?.abilities ?? [];
}

/** The one-time view of a new client's credentials: the secret is stored hashed and never shown again. */
function Credentials({ created, onDone }: { created: CreateApiClientResponse; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <Stack>
      <Alert color="yellow" title={t('api_clients.copy_now_title')}>
        {t('api_clients.copy_now')}
      </Alert>
      <Text size="sm" fw={500} id="api-client-id-label">
        {t('api_clients.client_id')}
      </Text>
      <Group justify="space-between" wrap="nowrap">
        <Code aria-labelledby="api-client-id-label" data-testid="api-client-id" style={{ overflowWrap: 'anywhere' }}>
          {created.data.client_id}
        </Code>
        <CopyTextButton value={created.data.client_id} label={t('api_clients.copy_id')} />
      </Group>
      <Text size="sm" fw={500} id="api-client-secret-label">
        {t('api_clients.client_secret')}
      </Text>
      <Group justify="space-between" wrap="nowrap">
        <Code aria-labelledby="api-client-secret-label" data-testid="api-client-secret" style={{ overflowWrap: 'anywhere' }}>
          {created.client_secret}
        </Code>
        <CopyTextButton value={created.client_secret} label={t('api_clients.copy_secret')} />
      </Group>
      <Group justify="flex-end">
        <Button onClick={onDone}>{t('common.done')}</Button>
      </Group>
    </Stack>
  );
}

export function CreateApiClientModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const options = useApiClientOptions(opened);
  const create = useCreateApiClient();
  const [created, setCreated] = useState<CreateApiClientResponse | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<CreateApiClientRequest, unknown, z.output<typeof createApiClientRequestSchema>>({
    resolver: zodResolver(createApiClientRequestSchema),
    defaultValues: DEFAULTS,
  });
  const businessId = useWatch({ control, name: 'business_id' }) ?? null;

  const close = () => {
    reset(DEFAULTS);
    setCreated(null);
    onClose();
  };

  const onSubmit = handleSubmit(async (values) => {
    try {
      setCreated(await create.mutateAsync(values));
      notifySuccess(t('api_clients.created'));
    } catch (err) {
      handleFormError(err, setError, ['name', 'business_id', 'abilities']);
    }
  });

  const scope: AbilityScope = businessId === null ? 'platform' : 'business';
  const held = options.data ? heldIn(options.data, businessId) : [];

  return (
    <Modal opened={opened} onClose={close} title={t('api_clients.create')} size="xl" centered>
      {created ? (
        <Credentials created={created} onDone={close} />
      ) : (
        <QueryState isPending={options.isPending} error={options.error} onRetry={() => void options.refetch()}>
          <form onSubmit={onSubmit} noValidate>
            <Stack>
              <Text size="sm" c="dimmed">
                {t('api_clients.create_help')}
              </Text>
              <TextInput label={t('api_clients.name')} required data-autofocus error={errors.name?.message} {...register('name')} />
              <NativeSelect
                label={t('api_clients.business')}
                description={t('api_clients.business_help')}
                data={[{ value: PLATFORM, label: t('api_clients.platform_scope') }, ...(options.data?.businesses ?? []).map((business) => ({ value: business.id, label: business.name }))]}
                value={businessId ?? PLATFORM}
                onChange={(event) => {
                  const value = event.currentTarget.value;
                  setValue('business_id', value === PLATFORM ? null : value);
                  // Abilities belong to a scope: a new choice starts from none.
                  setValue('abilities', []);
                }}
                error={errors.business_id?.message}
              />
              <Controller
                control={control}
                name="abilities"
                render={({ field, fieldState }) => (
                  <AbilityPicker groups={heldGroups(scope, held)} value={field.value} onChange={field.onChange} grantable={() => true} error={fieldState.error?.message} />
                )}
              />
              <Group justify="flex-end">
                <Button variant="default" onClick={close}>
                  {t('common.cancel')}
                </Button>
                <Button type="submit" loading={isSubmitting}>
                  {t('api_clients.create')}
                </Button>
              </Group>
            </Stack>
          </form>
        </QueryState>
      )}
    </Modal>
  );
}
