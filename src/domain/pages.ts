/**
 * The app's pages by path, with the heading each one opens with (docs/product.md's exact texts).
 * One source for the pages themselves and for the server, which writes the heading of the page
 * asked for into the HTML it answers, so it paints before the app's script has run.
 */
export const PAGE_HEADINGS = {
  '/dashboard': { title: 'Dashboard', subtitle: 'Overview of your trading performance and activity' },
  '/trade-setups': {
    title: 'Trade Setups',
    subtitle: 'Define the chart patterns you trade, with their entry and exit criteria',
  },
  '/trade-plans': { title: 'Trade Plans', subtitle: 'Monitor and manage your trading positions' },
  '/edge-definition': { title: 'Edge Definition', subtitle: 'Define the weighted reasons you take a trade' },
  '/trades': { title: 'Trades', subtitle: 'What you actually traded, from your broker and by hand' },
  '/review': { title: 'Review', subtitle: 'Your closed trades in R: which setups, edges and conditions pay' },
  '/backup': {
    title: 'Export and backup',
    subtitle: 'Your journal is yours: open it in a spreadsheet, or keep a copy to restore',
  },
} as const;

export type AppPath = keyof typeof PAGE_HEADINGS;
export type PageHeading = (typeof PAGE_HEADINGS)[AppPath];

/** The heading of the page at `path` ('/' opens the Dashboard); undefined for any other path. */
export function pageHeadingOf(path: string): PageHeading | undefined {
  const page = path === '/' ? '/dashboard' : path;
  return Object.hasOwn(PAGE_HEADINGS, page) ? PAGE_HEADINGS[page as AppPath] : undefined;
}

/** Where index.html's frame holds the page: the server writes the page's heading there. */
export const PAGE_SLOT = '<!--page-->';
