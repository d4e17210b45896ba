/**
 * A module loaded the first time it is needed and kept; a failed load is retried on the next use.
 * `preload()` starts the load early (the login form calls it when the user focuses the form, long
 * before the first submit) and swallows its failure, which the next `get()` reports.
 */
export function loadOnDemand<T>(load: () => Promise<T>): { get: () => Promise<T>; preload: () => void } {
  let loading: Promise<T> | null = null;
  const get = () => {
    loading ??= load().catch((err: unknown) => {
      loading = null;
      throw err;
    });
    return loading;
  };
  return {
    get,
    preload: () => {
      get().catch(() => undefined);
    },
  };
}
