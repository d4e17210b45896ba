import { useEffect, useState } from 'react';
import { Modal } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../components/query-state';
import type { DocumentKind } from '../../../lib/document-kinds';
import { documentKeys } from '../../../lib/queries/document-keys';
import { fetchDocumentPdf } from '../documents-queries';

interface PdfPreviewModalProps {
  kind: DocumentKind;
  id: string;
  number: string;
  onClose: () => void;
}

/** The PDF the customer gets, shown in the browser's viewer from an object URL (the API needs the business header). */
export function PdfPreviewModal({ kind, id, number, onClose }: PdfPreviewModalProps) {
  const { t } = useTranslation();
  const pdf = useQuery({ queryKey: [...documentKeys.one(kind, id), 'pdf'], queryFn: () => fetchDocumentPdf(kind, id), gcTime: 0 });
  const [url, setUrl] = useState<string | null>(null);

  useEffect(() => {
    if (!pdf.data) return undefined;
    const objectUrl = URL.createObjectURL(pdf.data);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [pdf.data]);

  return (
    <Modal opened onClose={onClose} title={t('invoices.pdf_preview.title', { number })} size="xl" centered>
      <QueryState isPending={pdf.isPending} error={pdf.error} onRetry={() => void pdf.refetch()}>
        {url && <iframe title={t('invoices.pdf_preview.frame', { number })} src={url} style={{ width: '100%', height: '75vh', border: 0 }} />}
      </QueryState>
    </Modal>
  );
}
