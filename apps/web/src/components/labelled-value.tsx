import { Text } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * One field of a record on a detail page: a small label over its value, "—" when there is none.
 * `term` makes the pair a <dt>/<dd> for use inside a <dl>.
 */
export function LabelledValue({ label, children, term = false }: { label: string; children: ReactNode; term?: boolean }) {
  const empty = children === null || children === undefined || children === '';
  return (
    <div>
      <Text component={term ? 'dt' : 'p'} size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text component={term ? 'dd' : 'div'} m={0} style={{ wordBreak: 'break-word' }}>
        {empty ? '—' : children}
      </Text>
    </div>
  );
}
