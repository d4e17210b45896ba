import { Fieldset, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { type BusinessResource, updateBusinessRequestSchema } from '@app/contracts';
import { addressFormValues } from '../../../components/address-fields';
import { BusinessTypeSelects } from '../../../components/business-type-selects';
import { CurrencySelect } from '../../../components/currency-select';
import { useReportDirty } from '../../../components/unsaved-changes';
import { handleFormError } from '../../../lib/form-errors';
import { notifySuccess } from '../../../lib/notify';
import { useUpdateBusiness } from '../business-queries';
import { ADDRESS_ERROR_FIELDS, BusinessAddressesFields, DiscardOrSave, followingBilling, sameAddress } from './business-addresses';

const businessInfoSchema = updateBusinessRequestSchema
  .pick({
    name: true,
    email: true,
    phone: true,
    website: true,
    currency_id: true,
    business_type: true,
    business_structure: true,
    contact_first_name: true,
    contact_last_name: true,
    billing_address: true,
    shipping_address: true,
  })
  .extend({ shipping_same_as_billing: z.boolean() });
type FormValues = z.input<typeof businessInfoSchema>;
type FormOutput = z.output<typeof businessInfoSchema>;

const FIELDS = ['name', 'email', 'phone', 'website', 'currency_id', 'business_type', 'business_structure', 'contact_first_name', 'contact_last_name', ...ADDRESS_ERROR_FIELDS] as const;

function defaultsOf(business: BusinessResource): FormValues {
  return {
    name: business.name,
    email: business.email ?? '',
    phone: business.phone ?? '',
    website: business.website ?? '',
    currency_id: business.currency_id,
    business_type: business.business_type,
    business_structure: business.business_structure,
    contact_first_name: business.contact_first_name ?? '',
    contact_last_name: business.contact_last_name ?? '',
    billing_address: addressFormValues(business.billing_address),
    shipping_address: addressFormValues(business.shipping_address),
    shipping_same_as_billing: sameAddress(business.billing_address, business.shipping_address),
  };
}

const resolver = followingBilling<FormValues, FormOutput>(zodResolver(businessInfoSchema));

/** Settings → business information: the business's own details and addresses, as printed on its documents. */
export function BusinessInfoForm({ business }: { business: BusinessResource }) {
  const { t } = useTranslation();
  const update = useUpdateBusiness();
  const form = useForm<FormValues, unknown, FormOutput>({ resolver, defaultValues: defaultsOf(business) });
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    reset,
    watch,
    formState: { errors, isDirty, isSubmitting },
  } = form;
  useReportDirty(isDirty && !isSubmitting);

  const onSubmit = handleSubmit(async ({ shipping_same_as_billing: _followsBilling, ...body }) => {
    try {
      const { data } = await update.mutateAsync(body);
      reset(defaultsOf(data));
      notifySuccess(t('business_info.saved'));
    } catch (err) {
      handleFormError(err, setError, FIELDS);
    }
  });

  const label = (key: string) => t(`business_info.${key}`);
  const kind = { business_type: watch('business_type') ?? business.business_type, business_structure: watch('business_structure') ?? business.business_structure };

  return (
    <FormProvider {...form}>
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <Stack gap="lg">
          <Fieldset legend={label('section_business')}>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label={label('name')} required error={errors.name?.message} {...register('name')} />
              <TextInput label={label('email')} type="email" error={errors.email?.message} {...register('email')} />
              <TextInput label={label('phone')} error={errors.phone?.message} {...register('phone')} />
              <TextInput label={label('website')} error={errors.website?.message} {...register('website')} />
              <CurrencySelect control={control} name="currency_id" label={label('currency')} />
              <BusinessTypeSelects
                value={kind}
                onChange={(next) => {
                  setValue('business_type', next.business_type, { shouldDirty: true });
                  setValue('business_structure', next.business_structure, { shouldDirty: true });
                }}
                typeError={errors.business_type?.message}
                structureError={errors.business_structure?.message}
              />
            </SimpleGrid>
          </Fieldset>
          <Fieldset legend={label('section_contact')}>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label={label('contact_first_name')} error={errors.contact_first_name?.message} {...register('contact_first_name')} />
              <TextInput label={label('contact_last_name')} error={errors.contact_last_name?.message} {...register('contact_last_name')} />
            </SimpleGrid>
          </Fieldset>
          <BusinessAddressesFields />
          <DiscardOrSave dirty={isDirty} submitting={isSubmitting} onDiscard={() => reset()} />
        </Stack>
      </form>
    </FormProvider>
  );
}
