import { Stack } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { type BusinessResource, updateBusinessAddressesRequestSchema } from '@app/contracts';
import { addressFormValues } from '../../../components/address-fields';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { useReportDirty } from '../../../components/unsaved-changes';
import { handleFormError } from '../../../lib/form-errors';
import { notifySuccess } from '../../../lib/notify';
import { useCurrentBusiness, useUpdateBusinessAddresses } from '../business-queries';
import { ADDRESS_ERROR_FIELDS, BusinessAddressesFields, DiscardOrSave, followingBilling, sameAddress } from '../components/business-addresses';

const addressesSchema = updateBusinessAddressesRequestSchema.extend({ shipping_same_as_billing: z.boolean() });
type FormValues = z.input<typeof addressesSchema>;
type FormOutput = z.output<typeof addressesSchema>;
const resolver = followingBilling<FormValues, FormOutput>(zodResolver(addressesSchema));

function defaultsOf(business: BusinessResource): FormValues {
  return {
    billing_address: addressFormValues(business.billing_address),
    shipping_address: addressFormValues(business.shipping_address),
    shipping_same_as_billing: sameAddress(business.billing_address, business.shipping_address),
  };
}

function AddressesForm({ business }: { business: BusinessResource }) {
  const { t } = useTranslation();
  const update = useUpdateBusinessAddresses();
  const form = useForm<FormValues, unknown, FormOutput>({ resolver, defaultValues: defaultsOf(business) });
  const {
    handleSubmit,
    setError,
    reset,
    formState: { isDirty, isSubmitting },
  } = form;
  useReportDirty(isDirty && !isSubmitting);

  const onSubmit = handleSubmit(async ({ shipping_same_as_billing: _followsBilling, ...body }) => {
    try {
      const { data } = await update.mutateAsync(body);
      reset(defaultsOf(data));
      notifySuccess(t('address_information.saved'));
    } catch (err) {
      handleFormError(err, setError, ADDRESS_ERROR_FIELDS);
    }
  });

  return (
    <FormProvider {...form}>
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <Stack gap="lg">
          <BusinessAddressesFields />
          <DiscardOrSave dirty={isDirty} submitting={isSubmitting} onDiscard={() => reset()} />
        </Stack>
      </form>
    </FormProvider>
  );
}

/** Settings → address information: the billing and shipping addresses printed on the business's documents, apart from its other details. */
export function AddressInformationPage() {
  const { t } = useTranslation();
  const business = useCurrentBusiness();
  return (
    <>
      <PageHeader title={t('address_information.title')} description={t('address_information.description')} />
      <QueryState isPending={business.isPending} error={business.error} onRetry={() => void business.refetch()}>
        <Stack maw={860}>{business.data && <AddressesForm key={business.data.id} business={business.data} />}</Stack>
      </QueryState>
    </>
  );
}
