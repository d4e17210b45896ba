import { type ReactNode, createContext, useContext } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import type { Currency } from '@app/contracts';
import { type DocumentFlags, type DocumentFormValues, type LiveTotals, liveTotals } from '../document-form-values';

const LiveTotalsContext = createContext<LiveTotals | null>(null);

/**
 * Recomputes the totals on every change and hands them to the parts that show them; the rest of
 * the form (its children, created by the parent) does not re-render on each keystroke.
 */
export function LiveTotalsProvider({ flags, currency, children }: { flags: DocumentFlags; currency: Currency; children: ReactNode }) {
  const { control, getValues } = useFormContext<DocumentFormValues>();
  useWatch({ control });
  return <LiveTotalsContext.Provider value={liveTotals(getValues(), flags, currency)}>{children}</LiveTotalsContext.Provider>;
}

export function useLiveTotals(): LiveTotals {
  const live = useContext(LiveTotalsContext);
  if (!live) throw new Error('useLiveTotals must be used inside LiveTotalsProvider');
  return live;
}
