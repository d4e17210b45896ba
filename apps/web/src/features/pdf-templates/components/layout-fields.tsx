import { ColorInput, Fieldset, Select, SimpleGrid, Stack, Switch, Textarea } from '@mantine/core';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PDF_FOOTER_MAX, pdfFontSizes, pdfFonts } from '@app/contracts';
import { type TemplateFormValues, layoutColours, layoutSwitches } from '../template-form-values';

type Props = { form: UseFormReturn<TemplateFormValues>; readOnly: boolean };

/** The layout's choices, each a select of its values. */
const selectFields = ['header', 'table', 'logo_position', 'font', 'font_size'] as const;
type SelectField = (typeof selectFields)[number];
const selectValues: Record<SelectField, readonly string[]> = {
  header: ['classic', 'banner'],
  table: ['ruled', 'striped'],
  logo_position: ['left', 'right', 'hidden'],
  font: pdfFonts,
  font_size: pdfFontSizes,
};

/** Where things go and how they look: header, table, logo, font, colours, which blocks show, the footer. */
export function LayoutFields({ form, readOnly }: Props) {
  const { t } = useTranslation();
  const { control, register, formState } = form;
  const errors = formState.errors.layout;
  // A font is named as it is; a size in points; the other choices in words.
  const optionLabel = (name: SelectField, value: string) => (name === 'font' ? value : name === 'font_size' ? t('pdf_templates.points', { size: value }) : t(`pdf_templates.${name}_choices.${value}`));
  return (
    <Stack>
      <Fieldset legend={t('pdf_templates.layout')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {selectFields.map((name) => (
            <Controller
              key={name}
              control={control}
              name={`layout.${name}`}
              render={({ field, fieldState }) => (
                <Select
                  label={t(`pdf_templates.fields.${name}`)}
                  description={name === 'font_size' ? t('pdf_templates.font_size_help') : undefined}
                  data={selectValues[name].map((value) => ({ value, label: optionLabel(name, value) }))}
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
