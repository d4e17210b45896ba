/** How many distinct warnings a process remembers having reported before it starts over. */
const MAX_REMEMBERED = 10_000;
const reported = new Set<string>();

/**
 * A data problem the server works around (a stored value it ignores), written once per process
 * for each `key` to the process's warning channel (stderr, beside the server log): a reader that
 * meets the same bad value on every request must not flood the log.
 */
export function warnOnce(key: string, message: string): void {
  if (reported.has(key)) return;
  if (reported.size >= MAX_REMEMBERED) reported.clear();
  reported.add(key);
  process.emitWarning(message, { code: 'LEDGERLINE_STORED_DATA' });
}
