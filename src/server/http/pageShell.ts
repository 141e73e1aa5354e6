import { PAGE_SLOT, pageHeadingOf } from '../../domain/pages.ts';

/**
 * index.html for an app route, with the page's heading and placeholder bars in the frame's slot:
 * the same markup as the app's PageSkeleton (src/client/ui/PageSkeleton.tsx), so the heading, the
 * page's largest text on a phone, paints with the HTML instead of after the script and the sign-in
 * check. The texts are the app's own constants. Any other path keeps the empty slot.
 */
export function withPageHeading(indexHtml: string, path: string): string {
  const heading = pageHeadingOf(path);
  if (!heading || !indexHtml.includes(PAGE_SLOT)) return indexHtml;
  const bars = '<div class="skeleton-bar"></div>'.repeat(4);
  return indexHtml.replace(
    PAGE_SLOT,
    `<section data-placeholder><div class="page-heading"><hgroup><h1>${heading.title}</h1><p>${heading.subtitle}</p></hgroup></div><div class="skeleton" role="status" aria-busy="true" aria-label="Loading">${bars}</div></section>`,
  );
}
