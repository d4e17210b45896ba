import { useState } from 'react';

/** The last value that was present: options the server stops sending once the payment is done stay for the form's confirmation. */
export function useLastPresent<Value>(value: Value | null | undefined): Value | null {
  const [last, setLast] = useState<Value | null>(value ?? null);
  if (value !== null && value !== undefined && value !== last) setLast(value);
  return value ?? last;
}
