import { Pagination, type PaginationProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

type Control = 'first' | 'previous' | 'next' | 'last';

/** Mantine's pagination with names on its arrow buttons, which show only an icon. */
export function LabelledPagination(props: PaginationProps) {
  const { t } = useTranslation();
  const getControlProps = (control: Control) => ({ 'aria-label': t(`pagination.${control}`) });
  return <Pagination getControlProps={getControlProps} {...props} />;
}
