import { ColorInput, Fieldset, Select, SimpleGrid, Stack, Switch, Textarea } from '@mantine/core';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PDF_FOOTER_MAX, pdfFontSizes, pdfFonts } from '@app/contracts';
import { type TemplateFormValues, layoutColours, layoutSwitches } from '../template-form-values';

type Props = { form: UseFormReturn<TemplateFormValues>; readOnly: boolean };

const choices = {
  header: ['classic', 'banner'],
  table: ['ruled', 'striped'],
  logo_position: ['left', 'right', 'hidden'],
} as const;
const choiceFields = ['header', 'table', 'logo_position'] as const;

/** Where things go and how they look: header, table, logo, font, colours, which blocks show, the footer. */
export function LayoutFields({ form, readOnly }: Props) {
  const { t } = useTranslation();
  const { control, register, formState } = form;
  const errors = formState.errors.layout;
  return (
    <Stack>
      <Fieldset legend={t('pdf_templates.layout')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {choiceFields.map((name) => (
            <Controller
              key={name}
              control={control}
              name={`layout.${name}`}
              render={({ field, fieldState }) => (
                <Select
                  label={t(`pdf_templates.fields.${name}`)}
                  data={choices[name].map((value) => ({ value, label: t(`pdf_templates.${name}_choices.${value}`) }))}
                  value={field.value}
                  onChange={(value) => value && field.onChange(value)}
                  onBlur={field.onBlur}
                  allowDeselect={false}
                  readOnly={readOnly}
                  error={fieldState.error?.message}
                />
              )}
            />
          ))}
          <Controller
            control={control}
            name="layout.font"
            render={({ field, fieldState }) => (
              <Select label={t('pdf_templates.fields.font')} data={[...pdfFonts]} value={field.value} onChange={(value) => value && field.onChange(value)} onBlur={field.onBlur} allowDeselect={false} readOnly={readOnly} error={fieldState.error?.message} />
            )}
          />
          <Controller
            control={control}
            name="layout.font_size"
            render={({ field, fieldState }) => (
              <Select
                label={t('pdf_templates.fields.font_size')}
                description={t('pdf_templates.font_size_help')}
                data={pdfFontSizes.map((size) => ({ value: size, label: t('pdf_templates.points', { size }) }))}
                value={field.value}
                onChange={(value) => value && field.onChange(value)}
                onBlur={field.onBlur}
                allowDeselect={false}
                readOnly={readOnly}
                error={fieldState.error?.message}
              />
            )}
          />
        </SimpleGrid>
      </Fieldset>
      <Fieldset legend={t('pdf_templates.colours')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {layoutColours.map((name) => (
            <Controller
              key={name}
              control={control}
              name={`layout.${name}`}
              render={({ field, fieldState }) => (
                <ColorInput
                  label={t(`pdf_templates.fields.${name}`)}
                  format="hex"
                  withEyeDropper={false}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  readOnly={readOnly}
                  error={fieldState.error?.message}
                />
              )}
            />
          ))}
        </SimpleGrid>
      </Fieldset>
      <Fieldset legend={t('pdf_templates.blocks')}>
        <Stack gap="xs">
          {layoutSwitches.map((name) => (
            <Controller
              key={name}
              control={control}
              name={`layout.${name}`}
              render={({ field }) => (
                <Switch label={t(`pdf_templates.fields.${name}`)} checked={field.value} onChange={(event) => field.onChange(event.currentTarget.checked)} onBlur={field.onBlur} disabled={readOnly} ref={field.ref} />
              )}
            />
          ))}
        </Stack>
        <Textarea mt="md" label={t('pdf_templates.fields.footer')} description={t('pdf_templates.footer_help')} maxLength={PDF_FOOTER_MAX} autosize minRows={2} readOnly={readOnly} error={errors?.footer?.message} {...register('layout.footer')} />
      </Fieldset>
    </Stack>
  );
}
