import { useMergedRef } from '@mantine/hooks';

/**
 * What Mantine's ScrollArea imports from @floating-ui/react in the public entry's build
 * (./vite.public.config.ts): its one import, `useMergeRefs`, made with Mantine's own `useMergedRef`
 * (the same callback ref: each ref set, and cleared or cleaned up on detach). The public invoice
 * page's item table scrolls sideways in a ScrollArea; importing the real module there put all of
 * floating-ui (~10 kB gzip, which only the pay form's and onboarding's popovers use) in the chunk
 * the page loads first, as a module's code goes to one chunk for all its importers.
 * @template T
 * @param {ReadonlyArray<import('react').Ref<T> | undefined>} refs
 */
export function useMergeRefs(refs) {
  return useMergedRef(...refs);
}
