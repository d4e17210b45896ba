import { useEffect, useState } from 'react';

/**
 * A PDF the app fetched (the API needs the business header, so no plain link), shown in the
 * browser's own viewer from an object URL that is released when the PDF changes or leaves.
 */
export function PdfFrame({ pdf, title, height = '75vh' }: { pdf: Blob; title: string; height?: string }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const objectUrl = URL.createObjectURL(pdf);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [pdf]);
  return url ? <iframe title={title} src={url} style={{ width: '100%', height, border: 0 }} /> : null;
}
