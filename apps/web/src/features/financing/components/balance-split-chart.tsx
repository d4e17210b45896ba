import { RingProgress } from '@mantine/core';

/**
 * Principal and fee outstanding as a ring. A picture only: the card beside it states both
 * figures in words, so the ring is hidden from screen readers, and it has nothing to focus.
 */
export function BalanceSplitChart({ principal, fee }: { principal: number; fee: number }) {
  const total = principal + fee;
  if (total <= 0) return null;
  const principalShare = (principal / total) * 100;
  return (
    <RingProgress
      size={120}
      thickness={18}
      aria-hidden
      sections={[
        { value: principalShare, color: 'indigo.6' },
        { value: 100 - principalShare, color: 'orange.5' },
      ]}
    />
  );
}
