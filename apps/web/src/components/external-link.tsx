import { Anchor } from '@mantine/core';
import { safeUrl } from '../lib/safe-url';

/**
 * A web address from data (a website), shown as a link in a new tab that gets neither our page
 * (no opener) nor its address (no referrer). An address that is not a safe http(s) URL is shown
 * as text only.
 */
export function ExternalLink({ url }: { url: string }) {
  const href = safeUrl(url);
  if (!href) return url;
  return (
    <Anchor href={href} target="_blank" rel="noopener noreferrer" inherit>
      {url}
    </Anchor>
  );
}
