import { Card, Code, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * The head of a record's detail page (an event, a delivery attempt): its name with a status badge
 * over a grid of LabelledValue fields.
 */
export function RecordSummaryCard({ name, monospace = false, badge, children }: { name: string; monospace?: boolean; badge: ReactNode; children: ReactNode }) {
  return (
    <Card withBorder>
      <Stack gap="sm">
        <Group gap="xs">
          <Text fw={600} ff={monospace ? 'monospace' : undefined} style={{ wordBreak: 'break-all' }}>
            {name}
          </Text>
          {badge}
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>{children}</SimpleGrid>
      </Stack>
    </Card>
  );
}

/** A JSON text indented for reading; anything else as it came. */
export function prettyJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

/** A part of a detail page under its own heading; `id` names the heading the section is labelled by. */
export function TitledSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <Title order={2} fz="h4" id={id} mb="xs">
        {title}
      </Title>
      {children}
    </section>
  );
}

/**
 * A payload or body under its own heading, as text: whatever it holds is shown, never run
 * (`data-testid` is `<id>-body`). `emptyText` stands in for a body there is none of (null).
 */
export function CodeSection({ id, title, children, emptyText }: { id: string; title: string; children: string | null; emptyText?: string }) {
  return (
    <TitledSection id={id} title={title}>
      {children === null ? (
        <Text c="dimmed">{emptyText}</Text>
      ) : (
        <Code block data-testid={`${id}-body`} style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
          {children}
        </Code>
      )}
    </TitledSection>
  );
}
