import { ActionIcon, Box, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/icon';

interface LineOrderButtonsProps {
  index: number;
  count: number;
  onSwap: (from: number, to: number) => void;
  onRemove: (index: number) => void;
}

/** Moves a line up or down, or removes it: buttons, so the keyboard suffices. */
export function LineOrderButtons({ index, count, onSwap, onRemove }: LineOrderButtonsProps) {
  const { t } = useTranslation();
  const line = index + 1;
  return (
    <Group gap={4} wrap="nowrap">
      <ActionIcon variant="subtle" color="gray" aria-label={t('document_form.line.move_up', { line })} disabled={index === 0} onClick={() => onSwap(index, index - 1)}>
        <Box component="span" style={{ display: 'inline-flex', transform: 'rotate(180deg)' }}>
          <Icon name="chevron-down" size={16} />
        </Box>
      </ActionIcon>
      <ActionIcon variant="subtle" color="gray" aria-label={t('document_form.line.move_down', { line })} disabled={index === count - 1} onClick={() => onSwap(index, index + 1)}>
        <Icon name="chevron-down" size={16} />
      </ActionIcon>
      <ActionIcon variant="subtle" color="red" aria-label={t('document_form.line.remove', { line })} disabled={count === 1} onClick={() => onRemove(index)}>
        <Icon name="trash" size={16} />
      </ActionIcon>
    </Group>
  );
}
