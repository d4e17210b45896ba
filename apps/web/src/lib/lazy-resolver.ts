import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * A react-hook-form resolver whose validation code (zod and the contract schema) loads on
 * demand. The login form uses it so that zod stays out of the login entry; it calls
 * `preload()` as soon as the user focuses the form, long before the first submit.
 */
export function lazyResolver<TInput extends FieldValues, TContext, TOutput>(
  load: () => Promise<Resolver<TInput, TContext, TOutput>>,
): { resolver: Resolver<TInput, TContext, TOutput>; preload: () => void } {
  let loading: Promise<Resolver<TInput, TContext, TOutput>> | null = null;
  const get = () => {
    loading ??= load().catch((err: unknown) => {
      loading = null;
      throw err;
    });
    return loading;
  };
  return {
    resolver: async (values, context, options) => (await get())(values, context, options),
    preload: () => {
      get().catch(() => undefined);
    },
  };
}
