import { useState } from 'react';
import { Alert, FileInput, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PayoutDocumentKind, PayoutStep } from '@app/contracts';
import { errorText } from '../../lib/api-error';
import { type PayoutApiBase, useUploadPayoutDocument } from './payout-queries';

const DOCUMENTS: { kind: PayoutDocumentKind; requirements: string[]; label: string }[] = [
  { kind: 'identity_document', requirements: ['individual.verification.document', 'individual.verification.additional_document'], label: 'payouts.documents.identity' },
  { kind: 'ownership_document', requirements: ['company.verification.document', 'documents.'], label: 'payouts.documents.ownership' },
];

/** Verify Documents: each document the provider asks for is uploaded as soon as it is chosen. */
export function DocumentsStep({ base, step }: { base: PayoutApiBase; step: PayoutStep }) {
  const { t } = useTranslation();
  const upload = useUploadPayoutDocument(base);
  const [error, setError] = useState<string | null>(null);
  const [uploaded, setUploaded] = useState<PayoutDocumentKind[]>([]);
  const asked = DOCUMENTS.filter((doc) => step.completed || uploaded.includes(doc.kind) || step.required_fields.some((r) => doc.requirements.some((req) => r === req || r.startsWith(req))));

  const send = async (kind: PayoutDocumentKind, file: File | null) => {
    if (!file) return;
    setError(null);
    try {
      await upload.mutateAsync({ kind, file });
      setUploaded((done) => [...done, kind]);
    } catch (err) {
      setError(errorText(err, t('errors.generic'), t('errors.network')) ?? t('errors.generic'));
    }
  };

  return (
    <Stack gap="sm">
      {error && (
        <Alert color="red" role="alert" title={t('payouts.error_title')}>
          {error}
        </Alert>
      )}
      {asked.map((doc) => (
        <div key={doc.kind}>
          <FileInput label={t(doc.label)} accept="image/jpeg,image/png,application/pdf" description={t('payouts.documents.limits')} onChange={(file) => void send(doc.kind, file)} disabled={upload.isPending} />
          {uploaded.includes(doc.kind) && (
            <Text size="sm" c="teal" role="status">
              {t('payouts.documents.uploaded')}
            </Text>
          )}
        </div>
      ))}
    </Stack>
  );
}
