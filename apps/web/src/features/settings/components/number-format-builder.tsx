import { ActionIcon, Box, Button, Group, Menu, NumberInput, Paper, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DocumentModel } from '@app/contracts';
import { type NumberComponent, type NumberComponentKind, dateFormatTokens, formatDocumentNumber, numberComponentKinds, validateNumberComponents } from '@app/domain';
import { Icon } from '../../../components/icon';

const seriesDefaults: Record<DocumentModel, string> = { invoice: 'INV', estimate: 'EST', payment: 'PAY' };
// Shown in place of random digits: a preview must not change on every keystroke.
const SAMPLE_DIGITS = '739146285017';

function newComponent(kind: NumberComponentKind, model: DocumentModel): NumberComponent {
  switch (kind) {
    case 'SERIES':
      return { kind, value: seriesDefaults[model] };
    case 'DELIMITER':
      return { kind, value: '-' };
    case 'DATE_FORMAT':
      return { kind, value: 'Y' };
    case 'SEQUENCE':
      return { kind, length: 6 };
    case 'CUSTOMER_SEQUENCE':
      return { kind, length: 4 };
    case 'RANDOM_SEQUENCE':
      return { kind, length: 6 };
  }
}

/** The number the next document would get with these components, or null while they are invalid. */
export function previewNumber(components: NumberComponent[], date: string): string | null {
  if (validateNumberComponents(components).length > 0) return null;
  return formatDocumentNumber(components, { sequence: 1, customerSequence: 1, date, randomDigits: (length) => SAMPLE_DIGITS.slice(0, length) });
}

interface NumberFormatBuilderProps {
  model: DocumentModel;
  value: NumberComponent[];
  onChange: (components: NumberComponent[]) => void;
  yearlyReset: boolean;
  onYearlyResetChange: (yearly: boolean) => void;
  /** The document date the preview uses (today in the business time zone). */
  date: string;
  /** A refusal from the server for the whole format. */
  serverError?: string;
}

/** Document numbers as an ordered list of components, with a live preview of the next number. */
export function NumberFormatBuilder({ model, value, onChange, yearlyReset, onYearlyResetChange, date, serverError }: NumberFormatBuilderProps) {
  const { t } = useTranslation();
  const problems = validateNumberComponents(value);
  const problemAt = (path: string) => problems.find((problem) => problem.path === path)?.message;
  const overall = problemAt('components') ?? serverError;
  const preview = previewNumber(value, date);

  const replace = (index: number, component: NumberComponent) => onChange(value.map((current, at) => (at === index ? component : current)));
  const move = (index: number, offset: number) => {
    const next = [...value];
    const [moved] = next.splice(index, 1);
    if (moved) next.splice(index + offset, 0, moved);
    onChange(next);
  };

  const parameter = (component: NumberComponent, index: number) => {
    const position = index + 1;
    switch (component.kind) {
      case 'SERIES':
      case 'DELIMITER': {
        const label = t(`settings_customization.parameter.${component.kind}`, { position });
        return <TextInput aria-label={label} value={component.value} onChange={(event) => replace(index, { ...component, value: event.currentTarget.value })} error={problemAt(`components.${index}.value`)} />;
      }
      case 'DATE_FORMAT':
        return (
          <Select
            aria-label={t('settings_customization.parameter.DATE_FORMAT', { position })}
            data={dateFormatTokens.map((token) => ({ value: token, label: t(`settings_customization.date_tokens.${token}`) }))}
            value={component.value}
            allowDeselect={false}
            onChange={(token) => {
              const chosen = dateFormatTokens.find((candidate) => candidate === token);
              if (chosen) replace(index, { kind: 'DATE_FORMAT', value: chosen });
            }}
          />
        );
      default:
        return (
          <NumberInput
            aria-label={t('settings_customization.parameter.length', { position })}
            min={1}
            max={12}
            allowDecimal={false}
            allowNegative={false}
            value={component.length}
            onChange={(length) => replace(index, { ...component, length: typeof length === 'number' ? length : 0 })}
            error={problemAt(`components.${index}.length`) ?? problemAt(`components.${index}.kind`)}
          />
        );
    }
  };

  return (
    <Stack gap="sm">
      <Stack gap={6} component="ol" m={0} p={0} style={{ listStyle: 'none' }} aria-label={t('settings_customization.components')}>
        {value.map((component, index) => {
          const position = index + 1;
          return (
            <Paper key={`${index}-${component.kind}`} component="li" withBorder p="xs" radius="sm">
              <Group wrap="nowrap" align="flex-start">
                <Text w={170} pt={6} fw={500} size="sm">
                  {t(`settings_customization.kinds.${component.kind}`)}
                </Text>
                <Box style={{ flex: 1 }}>{parameter(component, index)}</Box>
                <Group gap={4} wrap="nowrap" pt={4}>
                  <ActionIcon variant="subtle" color="gray" aria-label={t('settings_customization.move_up', { position })} disabled={index === 0} onClick={() => move(index, -1)}>
                    <Box component="span" style={{ display: 'inline-flex', transform: 'rotate(180deg)' }}>
                      <Icon name="chevron-down" size={16} />
                    </Box>
                  </ActionIcon>
                  <ActionIcon variant="subtle" color="gray" aria-label={t('settings_customization.move_down', { position })} disabled={index === value.length - 1} onClick={() => move(index, 1)}>
                    <Icon name="chevron-down" size={16} />
                  </ActionIcon>
                  <ActionIcon variant="subtle" color="red" aria-label={t('settings_customization.remove', { position })} onClick={() => onChange(value.filter((_, at) => at !== index))}>
                    <Icon name="trash" size={16} />
                  </ActionIcon>
                </Group>
              </Group>
            </Paper>
          );
        })}
      </Stack>
      <Group justify="space-between" align="center">
        <Menu position="bottom-start" withinPortal>
          <Menu.Target>
            <Button variant="light" size="xs" leftSection={<Icon name="plus" size={14} />}>
              {t('settings_customization.add_component')}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {numberComponentKinds.map((kind) => (
              <Menu.Item key={kind} onClick={() => onChange([...value, newComponent(kind, model)])}>
                {t(`settings_customization.kinds.${kind}`)}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
        <Switch label={t('settings_customization.yearly_reset')} checked={yearlyReset} onChange={(event) => onYearlyResetChange(event.currentTarget.checked)} />
      </Group>
      {overall && (
        <Text c="red" size="sm" role="alert">
          {overall}
        </Text>
      )}
      <Text size="sm" aria-live="polite">
        {t('settings_customization.preview')}{' '}
        <Text span fw={700} ff="monospace" data-testid={`${model}-number-preview`}>
          {preview ?? '—'}
        </Text>
      </Text>
    </Stack>
  );
}
