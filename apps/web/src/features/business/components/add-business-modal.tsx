import { TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { createBusinessRequestSchema, type CreateBusinessRequest } from '@app/contracts';
import { BusinessTypeSelects } from '../../../components/business-type-selects';
import { CurrencySelect } from '../../../components/currency-select';
import { FormModal } from '../../../components/form-modal';
import { handleFormError } from '../../../lib/form-errors';
import { notifySuccess } from '../../../lib/notify';
import { useCreateBusiness, useSwitchBusiness } from '../business-queries';

const defaults = { name: '', business_type: 'company', business_structure: 'private_corporation', currency_id: 1 } as const;

export function AddBusinessModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const create = useCreateBusiness();
  const switchBusiness = useSwitchBusiness();
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    watch,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<CreateBusinessRequest, unknown, z.output<typeof createBusinessRequestSchema>>({
    resolver: zodResolver(createBusinessRequestSchema),
    defaultValues: defaults,
  });

  const close = () => {
    reset(defaults);
    onClose();
  };

  const onSubmit = handleSubmit(async (values) => {
    try {
      const { data } = await create.mutateAsync({
        name: values.name,
        business_type: values.business_type,
        business_structure: values.business_structure,
        currency_id: values.currency_id,
      });
      notifySuccess(t('business.created'));
      close();
      await switchBusiness(data.id);
    } catch (err) {
      handleFormError(err, setError, ['name', 'business_type', 'business_structure', 'currency_id']);
    }
  });

  return (
    <FormModal opened={opened} onClose={close} title={t('business.add')} onSubmit={onSubmit} submitting={isSubmitting} submitLabel={t('business.create')}>
      <TextInput label={t('business.name')} data-autofocus error={errors.name?.message} {...register('name')} />
      <BusinessTypeSelects
        value={{ business_type: watch('business_type') ?? defaults.business_type, business_structure: watch('business_structure') ?? defaults.business_structure }}
        onChange={(kind) => {
          setValue('business_type', kind.business_type, { shouldDirty: true });
          setValue('business_structure', kind.business_structure, { shouldDirty: true });
        }}
        typeError={errors.business_type?.message}
        structureError={errors.business_structure?.message}
      />
      <CurrencySelect control={control} name="currency_id" label={t('business.currency')} />
    </FormModal>
  );
}
