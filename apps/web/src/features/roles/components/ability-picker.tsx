import { Checkbox, Fieldset, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AbilityGroup } from '@app/contracts';

type Props = {
  groups: readonly AbilityGroup[];
  value: readonly string[];
  onChange: (next: string[]) => void;
  /** Whether the signed-in user may give this ability (holds it); the others are shown disabled. */
  grantable: (name: string) => boolean;
  error?: string | undefined;
};

function toggleAll(value: readonly string[], names: readonly string[], on: boolean): string[] {
  const rest = value.filter((name) => !names.includes(name));
  return on ? [...rest, ...names] : rest;
}

/** Permissions grouped by model, with select all / none for everything and for each group (over the grantable ones). */
export function AbilityPicker({ groups, value, onChange, grantable, error }: Props) {
  const { t } = useTranslation();
  const all = groups.flatMap((g) => g.abilities).filter(grantable);
  const chosen = new Set(value);
  const everything = all.length > 0 && all.every((name) => chosen.has(name));
  const some = all.some((name) => chosen.has(name));
  const limited = groups.some((group) => group.abilities.some((name) => !grantable(name)));

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Text fw={500}>{t('roles.permissions')}</Text>
        <Checkbox
          label={t('roles.select_all')}
          checked={everything}
          indeterminate={some && !everything}
          disabled={all.length === 0}
          onChange={(event) => onChange(toggleAll(value, all, event.currentTarget.checked))}
        />
      </Group>
      {limited && (
        <Text size="sm" c="dimmed">
          {t('roles.beyond_you')}
        </Text>
      )}
      {error && (
        <Text c="red" size="sm" role="alert">
          {error}
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {groups.map((group) => {
          const open = group.abilities.filter(grantable);
          const held = open.filter((name) => chosen.has(name));
          const label = t(`roles.models.${group.model}`, { defaultValue: group.model });
          return (
            <Fieldset key={group.model} legend={label} p="sm">
              <Stack gap={6}>
                <Checkbox
                  label={t('roles.select_group', { group: label })}
                  fw={500}
                  checked={open.length > 0 && held.length === open.length}
                  indeterminate={held.length > 0 && held.length < open.length}
                  disabled={open.length === 0}
                  onChange={(event) => onChange(toggleAll(value, open, event.currentTarget.checked))}
                />
                {group.abilities.map((name) => (
                  <Checkbox
                    key={name}
                    ml="md"
                    label={name}
                    checked={chosen.has(name)}
                    disabled={!grantable(name)}
                    onChange={(event) => onChange(toggleAll(value, [name], event.currentTarget.checked))}
                  />
                ))}
              </Stack>
            </Fieldset>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}
