import { Modal } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PdfFrame } from '../../../components/pdf-frame';
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

/** The PDF the customer gets, in the browser's viewer. */
export function PdfPreviewModal({ kind, id, number, onClose }: PdfPreviewModalProps) {
  const { t } = useTranslation();
  const pdf = useQuery({ queryKey: [...documentKeys.one(kind, id), 'pdf'], queryFn: () => fetchDocumentPdf(kind, id), gcTime: 0 });
  return (
    <Modal opened onClose={onClose} title={t('invoices.pdf_preview.title', { number })} size="xl" centered>
      <QueryState isPending={pdf.isPending} error={pdf.error} onRetry={() => void pdf.refetch()}>
        {pdf.data && <PdfFrame pdf={pdf.data} title={t('invoices.pdf_preview.frame', { number })} />}
      </QueryState>
    </Modal>
  );
}
