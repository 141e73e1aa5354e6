import { useLocation } from 'wouter';
import { pageHeadingOf } from '../../domain/pages.ts';
import { PageHeading } from './PageHeading.tsx';
import { Skeleton } from './Skeleton.tsx';

/**
 * A page before its script or the sign-in check is done: its heading, then placeholder bars. The
 * server writes the same markup into the HTML it answers (src/server/http/pageShell.ts), so the
 * heading paints first and stays where it is, word for word, through to the page itself.
 */
export function PageSkeleton() {
  const [location] = useLocation();
  const heading = pageHeadingOf(location);
  return (
    <section data-placeholder>
      {heading && <PageHeading {...heading} />}
      <Skeleton rows={4} />
    </section>
  );
}
