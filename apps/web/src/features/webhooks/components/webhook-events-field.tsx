import { Checkbox, Input, ScrollArea, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { WEBHOOK_ALL_EVENTS } from '@app/contracts';

interface CatalogueEntry {
  type: string;
  description: string;
}

interface WebhookEventsFieldProps {
  catalogue: readonly CatalogueEntry[];
  value: readonly string[];
  onChange: (events: string[]) => void;
  error?: string;
}

/** The catalogue grouped by what an event is about: the part of its type before the dot (invoice, payment, ...). */
function groupByResource(catalogue: readonly CatalogueEntry[]): [string, CatalogueEntry[]][] {
  const groups = new Map<string, CatalogueEntry[]>();
  for (const entry of catalogue) {
    const group = entry.type.split('.')[0] ?? entry.type;
    groups.set(group, [...(groups.get(group) ?? []), entry]);
  }
  return [...groups];
}

/**
 * Which events an endpoint receives: "All events" (the wildcard, which also takes events added
 * later) or a choice from the catalogue, one fieldset per resource.
 */
export function WebhookEventsField({ catalogue, value, onChange, error }: WebhookEventsFieldProps) {
  const { t } = useTranslation();
  const all = value.includes(WEBHOOK_ALL_EVENTS);
  const chosen = value.filter((event) => event !== WEBHOOK_ALL_EVENTS);

  return (
    <Input.Wrapper label={t('webhooks.events')} description={t('webhooks.events_help')} error={error} id="webhook-events">
      <Stack gap="xs" mt={4}>
        <Checkbox
          label={t('webhooks.all_events')}
          description={t('webhooks.all_events_help')}
          checked={all}
          onChange={(event) => onChange(event.currentTarget.checked ? [WEBHOOK_ALL_EVENTS] : [])}
        />
        {!all && (
          <ScrollArea.Autosize mah={320} type="auto" offsetScrollbars>
            <Stack gap="md">
              {groupByResource(catalogue).map(([group, entries]) => (
                <Checkbox.Group
                  key={group}
                  label={t(`webhooks.groups.${group}`, { defaultValue: group })}
                  value={chosen.filter((event) => entries.some((entry) => entry.type === event))}
                  onChange={(groupValue) => onChange([...chosen.filter((event) => !entries.some((entry) => entry.type === event)), ...groupValue])}
                >
                  <Stack gap={6} mt={4}>
                    {entries.map((entry) => (
                      <Checkbox
                        key={entry.type}
                        value={entry.type}
                        label={
                          <Text span size="sm" ff="monospace">
                            {entry.type}
                          </Text>
                        }
                        description={entry.description}
                      />
                    ))}
                  </Stack>
                </Checkbox.Group>
              ))}
            </Stack>
          </ScrollArea.Autosize>
        )}
      </Stack>
    </Input.Wrapper>
  );
}
