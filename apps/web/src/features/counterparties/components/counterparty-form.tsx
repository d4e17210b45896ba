import { Alert, Button, Checkbox, Fieldset, Group, Stack } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { FormProvider } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { type CounterpartyKind, type CounterpartyResource, emailSchema } from '@app/contracts';
import { AddressFields } from '../../../components/address-fields';
import { useReportDirty } from '../../../components/unsaved-changes';
import { notifySuccess } from '../../../lib/notify';
import { counterpartyLinks } from '../../../lib/counterparty-kinds';
import { useLinkPreview } from '../counterparties-queries';
import { CounterpartyMainFields, MAIN_FIELDS, useCounterpartyForm } from './counterparty-fields';

const FIELDS = [
  ...MAIN_FIELDS, 'billing_address', 'shipping_address',
  'billing_address.address_street_1', 'billing_address.city', 'billing_address.country_id', 'billing_address.phone',
  'shipping_address.address_street_1', 'shipping_address.city', 'shipping_address.country_id', 'shipping_address.phone',
] as const;

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
  const { form, onSubmit } = useCounterpartyForm(kind, record, FIELDS, async (saved) => {
    notifySuccess(t(record ? `counterparties.${kind}.updated` : `counterparties.${kind}.created`));
    await navigate(counterpartyLinks.view(kind, saved.id));
  });
  const {
    register,
    getValues,
    setValue,
    watch,
    formState: { isSubmitting, isDirty, isSubmitSuccessful },
  } = form;
  useReportDirty(isDirty && !isSubmitting && !isSubmitSuccessful);
  const watchedEmail = watch('email');
  const email = typeof watchedEmail === 'string' ? watchedEmail : '';

  const copyBilling = () => setValue('shipping_address', { ...getValues('billing_address') }, { shouldDirty: true });
  const label = (key: string) => t(`counterparties.${key}`);

  return (
    <FormProvider {...form}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="lg">
          <Fieldset legend={label('section_basic')}>
            <CounterpartyMainFields />
            {!record && (
              <Stack mt="md" gap="xs">
                <LinkPreview kind={kind} email={email} />
              </Stack>
            )}
          </Fieldset>
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
    </FormProvider>
  );
}
