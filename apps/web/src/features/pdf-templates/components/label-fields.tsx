import { Fieldset, SimpleGrid, Text, TextInput } from '@mantine/core';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PDF_LABEL_MAX, type PdfTemplateKind, pdfEnglishLabel, pdfLabelKeysOfKind } from '@app/contracts';
import type { TemplateFormValues } from '../template-form-values';

type Props = { form: UseFormReturn<TemplateFormValues>; kind: PdfTemplateKind; readOnly: boolean };

/** The words the kind's documents print: each field shows the English word it replaces; left blank, that word stays. */
export function LabelFields({ form, kind, readOnly }: Props) {
  const { t } = useTranslation();
  const errors = form.formState.errors.layout?.labels;
  return (
    <Fieldset legend={t('pdf_templates.labels')}>
      <Text size="sm" c="dimmed" mb="sm">
        {t('pdf_templates.labels_help')}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {pdfLabelKeysOfKind[kind].map((key) => {
          const english = pdfEnglishLabel(kind, key);
          return <TextInput key={key} label={english} placeholder={english} maxLength={PDF_LABEL_MAX} readOnly={readOnly} error={errors?.[key]?.message} {...form.register(`layout.labels.${key}`)} />;
        })}
      </SimpleGrid>
    </Fieldset>
  );
}
