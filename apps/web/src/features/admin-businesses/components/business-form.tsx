import { useState } from 'react';
import { Button, FileInput, Fieldset, Group, Image, NativeSelect, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { type AdminBusinessFormValues, type AdminBusinessResource, adminBusinessFormSchema, businessPartyTypes } from '@app/contracts';
import { AddressFields } from '../../../components/address-fields';
import { CurrencySelect } from '../../../components/currency-select';
import { ACCEPTED_IMAGES } from '../../../components/image-upload';
import { useReportDirty } from '../../../components/unsaved-changes';
import { handleFormError } from '../../../lib/form-errors';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { adminLinks, adminPaths } from '../../../lib/paths';
import { safeUrl } from '../../../lib/safe-url';
import { useSaveAdminBusiness, useUploadBusinessLogo } from '../businesses-queries';

type Output = z.output<typeof adminBusinessFormSchema>;

const FIELDS = [
  'name', 'owner_email', 'type', 'currency_id', 'slug', 'email', 'phone', 'website', 'contact_first_name', 'contact_last_name',
  'billing_address', 'shipping_address', 'bank_info',
] as const;

function defaultsOf(business: AdminBusinessResource | null): AdminBusinessFormValues {
  return {
    name: business?.name ?? '',
    owner_email: business ? undefined : '',
    type: business?.type ?? 'both',
    currency_id: business?.currency_id ?? 1,
    slug: business?.slug ?? undefined,
    email: business?.email ?? '',
    phone: business?.phone ?? '',
    website: business?.website ?? '',
    contact_first_name: business?.contact_first_name ?? '',
    contact_last_name: business?.contact_last_name ?? '',
    billing_address: business?.billing_address ?? {},
    shipping_address: business?.shipping_address ?? {},
    bank_info: { account_holder: business?.bank_info?.account_holder ?? '', bank_name: business?.bank_info?.bank_name ?? '', routing_number: business?.bank_info?.routing_number ?? '', account_number: '' },
  };
}

/** Create and edit share this form; the owner is chosen only at creation (invited by mail). */
export function BusinessForm({ business }: { business: AdminBusinessResource | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const save = useSaveAdminBusiness(business?.id ?? null);
  const uploadLogo = useUploadBusinessLogo();
  const [logo, setLogo] = useState<File | null>(null);
  const currentLogo = safeUrl(business?.logo);
  const form = useForm<AdminBusinessFormValues, unknown, Output>({
    resolver: zodResolver(adminBusinessFormSchema),
    defaultValues: defaultsOf(business),
  });
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting, isDirty },
  } = form;
  useReportDirty(isDirty && !isSubmitting);

  const onSubmit = handleSubmit(async (values) => {
    try {
      const { data } = await save.mutateAsync(values);
      if (logo) await uploadLogo.mutateAsync({ id: data.id, file: logo }).catch(notifyError);
      notifySuccess(t(business ? 'admin_businesses.updated' : 'admin_businesses.created'));
      await navigate(adminLinks.businessView(data.id));
    } catch (err) {
      handleFormError(err, setError, FIELDS);
    }
  });

  const label = (key: string) => t(`admin_businesses.${key}`);

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="lg">
        <Fieldset legend={label('section_basic')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={label('name')} required error={errors.name?.message} {...register('name')} data-autofocus />
            {!business && <TextInput label={label('owner_email')} type="email" required error={errors.owner_email?.message} {...register('owner_email')} />}
            <NativeSelect label={label('type')} data={businessPartyTypes.map((type) => ({ value: type, label: t(`admin_businesses.types.${type}`) }))} error={errors.type?.message} {...register('type')} />
            <CurrencySelect control={control} name="currency_id" label={label('currency')} />
            <TextInput label={label('slug')} description={label('slug_help')} error={errors.slug?.message} {...register('slug', { setValueAs: (v: string) => v || undefined })} />
            <FileInput label={label('logo')} accept={ACCEPTED_IMAGES} value={logo} onChange={setLogo} clearable />
            {currentLogo && <Image src={currentLogo} alt={label('current_logo')} h={48} w="auto" fit="contain" />}
          </SimpleGrid>
        </Fieldset>
        <Fieldset legend={label('section_contact')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={label('contact_first_name')} error={errors.contact_first_name?.message} {...register('contact_first_name')} />
            <TextInput label={label('contact_last_name')} error={errors.contact_last_name?.message} {...register('contact_last_name')} />
            <TextInput label={label('email')} type="email" error={errors.email?.message} {...register('email')} />
            <TextInput label={label('phone')} error={errors.phone?.message} {...register('phone')} />
            <TextInput label={label('website')} error={errors.website?.message} {...register('website')} />
          </SimpleGrid>
        </Fieldset>
        <FormProvider {...form}>
          <AddressFields prefix="billing_address" legend={label('billing_address')} labels="admin_businesses.address" />
          <AddressFields prefix="shipping_address" legend={label('shipping_address')} labels="admin_businesses.address" />
        </FormProvider>
        <Fieldset legend={label('section_bank')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={label('account_holder')} error={errors.bank_info?.account_holder?.message} {...register('bank_info.account_holder')} />
            <TextInput label={label('bank_name')} error={errors.bank_info?.bank_name?.message} {...register('bank_info.bank_name')} />
            <TextInput label={label('routing_number')} error={errors.bank_info?.routing_number?.message} {...register('bank_info.routing_number')} />
            <TextInput
              label={label('account_number')}
              description={business?.bank_info?.account_number_last4 ? label('account_number_keep') : undefined}
              placeholder={business?.bank_info?.account_number_last4 ? `****${business.bank_info.account_number_last4}` : undefined}
              autoComplete="off"
              error={errors.bank_info?.account_number?.message}
              {...register('bank_info.account_number')}
            />
          </SimpleGrid>
        </Fieldset>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => void navigate(business ? adminLinks.businessView(business.id) : adminPaths.businesses)}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={isSubmitting}>
            {t(business ? 'common.save' : 'admin_businesses.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
