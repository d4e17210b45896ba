import { Alert, Button, Checkbox, Fieldset, Group, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import {
  type CounterpartyKind,
  type CounterpartyResource,
  type CreateCounterpartyRequest,
  type PostalAddressResource,
  createCounterpartyRequestSchema,
  currencies,
  emailSchema,
} from '@app/contracts';
import { AddressFields } from '../../../components/address-fields';
import { useReportDirty } from '../../../components/unsaved-changes';
import { handleFormError } from '../../../lib/form-errors';
import { notifySuccess } from '../../../lib/notify';
import { counterpartyLinks } from '../counterparty-kinds';
import { useLinkPreview, useSaveCounterparty } from '../counterparties-queries';

const currencyOptions = currencies.map((c) => ({ value: String(c.id), label: `${c.code} – ${c.name}` }));
type Output = z.output<typeof createCounterpartyRequestSchema>;

const FIELDS = [
  'name', 'display_name', 'contact_first_name', 'contact_last_name', 'email', 'phone', 'website', 'currency_id', 'billing_address', 'shipping_address',
  'billing_address.address_street_1', 'billing_address.city', 'billing_address.country_id', 'billing_address.phone',
  'shipping_address.address_street_1', 'shipping_address.city', 'shipping_address.country_id', 'shipping_address.phone',
] as const;

const emptyAddress = { name: '', phone: '', address_street_1: '', address_street_2: '', city: '', state: '', country_id: null, zip: '' };

function addressDefaults(address: PostalAddressResource | null | undefined) {
  return address ? { ...emptyAddress, ...Object.fromEntries(Object.entries(address).map(([k, v]) => [k, v ?? (k === 'country_id' ? null : '')])) } : emptyAddress;
}

/** The form's values for `record` (blank when creating); the edit modal starts from them too. */
export function counterpartyDefaults(record: CounterpartyResource | null): CreateCounterpartyRequest {
  return {
    name: record?.name ?? '',
    display_name: record?.display_name ?? '',
    contact_first_name: record?.contact_first_name ?? '',
    contact_last_name: record?.contact_last_name ?? '',
    email: record?.email ?? '',
    phone: record?.phone ?? '',
    website: record?.website ?? '',
    currency_id: record?.currency_id ?? 1,
    billing_address: addressDefaults(record?.billing_address),
    shipping_address: addressDefaults(record?.shipping_address),
    portal_access: record?.portal_access ?? false,
    send_invitation: false,
  };
}

/** "This email belongs to a business of the network": shown while typing, from the preview call (which names no business). */
function LinkPreview({ kind, email }: { kind: CounterpartyKind; email: string }) {
  const { t } = useTranslation();
  const [settled] = useDebouncedValue(email.trim(), 400);
  const valid = emailSchema.safeParse(settled);
  const preview = useLinkPreview(kind, valid.success ? valid.data : '');
  if (!valid.success || !preview.data?.business?.linked) return null;
  return (
    <Alert color="blue" role="status" data-testid="link-preview">
      {t('counterparties.link_preview')}
    </Alert>
  );
}

/** Create and edit share this form; an invitation can be sent only when creating. */
export function CounterpartyForm({ kind, record }: { kind: CounterpartyKind; record: CounterpartyResource | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const save = useSaveCounterparty(kind, record?.id ?? null);
  const form = useForm<CreateCounterpartyRequest, unknown, Output>({
    resolver: zodResolver(createCounterpartyRequestSchema),
    defaultValues: counterpartyDefaults(record),
  });
  const {
    register,
    control,
    handleSubmit,
    setError,
    getValues,
    setValue,
    watch,
    formState: { errors, isSubmitting, isDirty, isSubmitSuccessful },
  } = form;
  useReportDirty(isDirty && !isSubmitting && !isSubmitSuccessful);
  const watchedEmail = watch('email');
  const email = typeof watchedEmail === 'string' ? watchedEmail : '';

  const onSubmit = handleSubmit(async (values) => {
    try {
      const { data } = await save.mutateAsync(values);
      notifySuccess(t(record ? `counterparties.${kind}.updated` : `counterparties.${kind}.created`));
      await navigate(counterpartyLinks.view(kind, data.id));
    } catch (err) {
      handleFormError(err, setError, FIELDS);
    }
  });

  const copyBilling = () => setValue('shipping_address', { ...getValues('billing_address') }, { shouldDirty: true });
  const label = (key: string) => t(`counterparties.${key}`);

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="lg">
        <Fieldset legend={label('section_basic')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={label('name')} required error={errors.name?.message} {...register('name')} data-autofocus />
            <TextInput label={label('display_name')} error={errors.display_name?.message} {...register('display_name')} />
            <TextInput label={label('contact_first_name')} error={errors.contact_first_name?.message} {...register('contact_first_name')} />
            <TextInput label={label('contact_last_name')} error={errors.contact_last_name?.message} {...register('contact_last_name')} />
            <TextInput label={label('email')} type="email" error={errors.email?.message} {...register('email')} />
            <TextInput label={label('phone')} error={errors.phone?.message} {...register('phone')} />
            <TextInput label={label('website')} error={errors.website?.message} {...register('website')} />
            <Controller
              control={control}
              name="currency_id"
              render={({ field, fieldState }) => (
                <Select
                  label={label('currency')}
                  data={currencyOptions}
                  searchable
                  allowDeselect={false}
                  value={String(field.value ?? 1)}
                  onChange={(value) => field.onChange(value ? Number(value) : 1)}
                  onBlur={field.onBlur}
                  error={fieldState.error?.message}
                />
              )}
            />
          </SimpleGrid>
          {!record && (
            <Stack mt="md" gap="xs">
              <LinkPreview kind={kind} email={email} />
            </Stack>
          )}
        </Fieldset>
        <FormProvider {...form}>
          <AddressFields prefix="billing_address" legend={label('billing_address')} labels="counterparties.address" />
          <AddressFields
            prefix="shipping_address"
            legend={label('shipping_address')}
            labels="counterparties.address"
            action={
              <Button variant="subtle" size="xs" mb="xs" onClick={copyBilling}>
                {label('copy_from_billing')}
              </Button>
            }
          />
        </FormProvider>
        <Group>
          <Checkbox label={label('portal_access')} {...register('portal_access')} />
          {!record && <Checkbox label={label('send_invitation')} {...register('send_invitation')} />}
        </Group>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => void navigate(record ? counterpartyLinks.view(kind, record.id) : counterpartyLinks.list(kind))}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={isSubmitting}>
            {t(record ? 'common.save' : `counterparties.${kind}.create`)}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
