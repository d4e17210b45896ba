import { Fragment, type ReactNode } from 'react';
import { Checkbox, Group, Table, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { ListMeta } from '@app/contracts';
import { LabelledPagination } from '../labelled-pagination';
import { QueryState } from '../query-state';
import { PAGE_PARAM, readPage } from './use-list-query-state';

export interface DataTableColumn<T> {
  key: string;
  header: ReactNode;
  render: (row: T) => ReactNode;
  width?: number | string;
  align?: 'left' | 'center' | 'right';
}

/** The parts of a list query the table reads: one page of rows with its meta, and the loading state. */
export interface DataTableQuery<T> {
  data: { data: readonly T[]; meta: ListMeta } | undefined;
  isPending: boolean;
  error: unknown;
  refetch: () => unknown;
}

/** Selected row ids, owned by the parent so it can act on them in bulk. */
export interface DataTableSelection {
  selected: ReadonlySet<string>;
  onChange: (selected: ReadonlySet<string>) => void;
}

interface DataTableProps<T> {
  query: DataTableQuery<T>;
  columns: readonly DataTableColumn<T>[];
  getRowId: (row: T) => string;
  emptyText?: string;
  minWidth?: number;
  striped?: boolean;
  highlightOnHover?: boolean;
  /** The trailing actions column, headed by a visually hidden "Actions". */
  actions?: (row: T) => ReactNode;
  selection?: DataTableSelection;
  onRowClick?: (row: T) => void;
  /** Marks one row as the current one (shaded, `aria-current`). */
  isRowCurrent?: (row: T) => boolean;
  /** Content of a full-width row under a row; nothing while it returns null. */
  renderDetail?: (row: T) => ReactNode;
}

/** The id of the detail row under a row, for `aria-controls` on what opens it. */
export function detailRowId(rowId: string): string {
  return `row-${rowId}-detail`;
}

const stopPropagation = (event: { stopPropagation: () => void }) => event.stopPropagation();

/**
 * One page of a list as a table: loading, error and empty states, typed columns, an optional
 * actions column and row selection, and pagination kept in the URL's `page`.
 */
export function DataTable<T>({
  query,
  columns,
  getRowId,
  emptyText,
  minWidth = 720,
  striped = false,
  highlightOnHover = true,
  actions,
  selection,
  onRowClick,
  isRowCurrent,
  renderDetail,
}: DataTableProps<T>) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const rows = query.data?.data ?? [];
  const lastPage = query.data?.meta.last_page ?? 1;
  const page = readPage(params.get(PAGE_PARAM));
  const span = columns.length + (selection ? 1 : 0) + (actions ? 1 : 0);

  const setPage = (next: number) =>
    setParams(
      (previous) => {
        const updated = new URLSearchParams(previous);
        updated.set(PAGE_PARAM, String(next));
        return updated;
      },
      { replace: true },
    );

  return (
    <QueryState isPending={query.isPending} error={query.error} isEmpty={rows.length === 0} emptyText={emptyText} onRetry={() => void query.refetch()}>
      <Table.ScrollContainer minWidth={minWidth}>
        <Table striped={striped} highlightOnHover={highlightOnHover}>
          <Table.Thead>
            <Table.Tr>
              {selection && (
                <Table.Th w={40}>
                  <SelectAll ids={rows.map(getRowId)} selection={selection} label={t('common.select_all')} />
                </Table.Th>
              )}
              {columns.map((column) => (
                <Table.Th key={column.key} w={column.width} ta={column.align}>
                  {column.header}
                </Table.Th>
              ))}
              {actions && (
                <Table.Th>
                  <VisuallyHidden>{t('common.actions')}</VisuallyHidden>
                </Table.Th>
              )}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => {
              const id = getRowId(row);
              const current = isRowCurrent?.(row) ?? false;
              const detail = renderDetail?.(row);
              return (
                <Fragment key={id}>
                  <Table.Tr
                    bg={current ? 'var(--mantine-primary-color-light)' : undefined}
                    aria-current={current ? 'true' : undefined}
                    onClick={onRowClick && (() => onRowClick(row))}
                    style={onRowClick && { cursor: 'pointer' }}
                  >
                    {selection && (
                      <Table.Td onClick={onRowClick && stopPropagation}>
                        <Checkbox
                          aria-label={t('common.select_row')}
                          checked={selection.selected.has(id)}
                          onChange={(event) => selection.onChange(toggled(selection.selected, [id], event.currentTarget.checked))}
                        />
                      </Table.Td>
                    )}
                    {columns.map((column) => (
                      <Table.Td key={column.key} ta={column.align}>
                        {column.render(row)}
                      </Table.Td>
                    ))}
                    {actions && (
                      <Table.Td ta="right" onClick={onRowClick && stopPropagation}>
                        {actions(row)}
                      </Table.Td>
                    )}
                  </Table.Tr>
                  {detail != null && (
                    <Table.Tr id={detailRowId(id)}>
                      <Table.Td colSpan={span}>{detail}</Table.Td>
                    </Table.Tr>
                  )}
                </Fragment>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {lastPage > 1 && (
        <Group justify="flex-end">
          <LabelledPagination total={lastPage} value={page} onChange={setPage} />
        </Group>
      )}
    </QueryState>
  );
}

function toggled(selected: ReadonlySet<string>, ids: readonly string[], on: boolean): ReadonlySet<string> {
  const next = new Set(selected);
  for (const id of ids) {
    if (on) next.add(id);
    else next.delete(id);
  }
  return next;
}

/** Checked when every row on the page is selected, indeterminate when only some are. */
function SelectAll({ ids, selection, label }: { ids: readonly string[]; selection: DataTableSelection; label: string }) {
  const count = ids.filter((id) => selection.selected.has(id)).length;
  const all = ids.length > 0 && count === ids.length;
  return (
    <Checkbox
      aria-label={label}
      checked={all}
      indeterminate={count > 0 && !all}
      onChange={() => selection.onChange(toggled(selection.selected, ids, !all))}
    />
  );
}
