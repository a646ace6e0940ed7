import type { ReactNode } from 'react';
import { useLanguageRoute, usePageMeta } from '../lib/use-page';
import { MarketingLayout } from './MarketingLayout';

/**
 * A public page: the language of its route, its title and description (`{prefix}.meta.title`,
 * `{prefix}.meta.description`) and the shared header and footer.
 */
export function MarketingPage({ prefix, children }: { prefix: string; children: ReactNode }) {
  const toBare = useLanguageRoute();
  usePageMeta(`${prefix}.meta.title`, `${prefix}.meta.description`);
  return <MarketingLayout onLanguageChange={toBare}>{children}</MarketingLayout>;
}
