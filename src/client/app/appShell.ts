import { PAGE_SLOT } from '../../domain/pages.ts';

/**
 * The app's frame (header, navigation, footer) as data and as static HTML. Layout.tsx renders it
 * with React; the build writes `appShellHtml()` into index.html (vite.config.ts), so the frame
 * paints with the HTML and its stylesheet, before the app's script has loaded. Both come from the
 * data below, and tests/browser/appShell.test.ts checks that they paint the same. No React here:
 * vite.config.ts imports this file.
 */

/** Outline icons (24 × 24, stroked in the link's colour) as SVG markup; the link's label names them. */
export const ICON_MARKUP = {
  dashboard:
    '<rect x="3" y="3" width="7" height="9" rx="1"></rect><rect x="14" y="3" width="7" height="5" rx="1"></rect><rect x="14" y="12" width="7" height="9" rx="1"></rect><rect x="3" y="16" width="7" height="5" rx="1"></rect>',
  setups: '<path d="M3 17l6-6 4 4 8-8M15 7h6v6"></path>',
  plans: '<rect x="5" y="4" width="14" height="17" rx="2"></rect><path d="M9 3h6v3H9zM9 11h6M9 15h6"></path>',
  edges:
    '<circle cx="12" cy="12" r="9"></circle><circle cx="12" cy="12" r="5"></circle><circle cx="12" cy="12" r="1"></circle>',
  trades:
    '<path d="M7 3v4M7 17v4M17 3v3M17 16v5"></path><rect x="4" y="7" width="6" height="10" rx="1"></rect><rect x="14" y="6" width="6" height="10" rx="1"></rect>',
  review: '<path d="M3 3v18h18M7 16v-4M12 16V8M17 16v-7"></path>',
  backup: '<path d="M12 3v12M7 10l5 5 5-5M4 17v3h16v-3"></path>',
} as const;

export type IconName = keyof typeof ICON_MARKUP;

export const NAV_LINKS: readonly (readonly [href: string, label: string, icon: IconName])[] = [
  ['/dashboard', 'Dashboard', 'dashboard'],
  ['/trade-setups', 'Trade Setups', 'setups'],
  ['/trade-plans', 'Trade Plans', 'plans'],
  ['/edge-definition', 'Edge Definition', 'edges'],
  ['/trades', 'Trades', 'trades'],
  ['/review', 'Review', 'review'],
];

/** The first focusable element of every page, to <main> (id MAIN_ID), shown when it has focus. */
export const SKIP_LINK_TEXT = 'Skip to content';
export const MAIN_ID = 'main';

export const BACKUP_LINK = { href: '/backup', label: 'Export and backup', icon: 'backup' } as const;

/** The attributes every icon's <svg> carries besides its class (Layout.tsx writes the same in JSX). */
const ICON_SVG_ATTRIBUTES = {
  viewBox: '0 0 24 24',
  'aria-hidden': 'true',
  focusable: 'false',
  fill: 'none',
  stroke: 'currentColor',
  'stroke-width': '2',
  'stroke-linecap': 'round',
  'stroke-linejoin': 'round',
} as const;

export const footerText = (year: number) => `© ${year} Trade Tracker. All rights reserved.`;

const icon = (name: IconName, className: string) =>
  `<svg class="${className}" ${Object.entries(ICON_SVG_ATTRIBUTES)
    .map(([k, v]) => `${k}="${v}"`)
    .join(' ')}>${ICON_MARKUP[name]}</svg>`;

/** The frame as Layout.tsx first renders it, with no page yet (the slot), for index.html. */
export function appShellHtml(year: number): string {
  const links = NAV_LINKS.map(
    ([href, label, name]) => `<li><a href="${href}">${icon(name, 'nav-icon')}<span>${label}</span></a></li>`,
  ).join('');
  return [
    '<div class="layout">',
    `<a href="#${MAIN_ID}" class="skip-link">${SKIP_LINK_TEXT}</a>`,
    '<header class="app-header"><span class="app-title">Trade Tracker</span><div class="header-actions">',
    `<a title="${BACKUP_LINK.label}" href="${BACKUP_LINK.href}" class="header-link">${icon(BACKUP_LINK.icon, 'header-icon')}<span class="header-link-label visually-hidden-on-phone">${BACKUP_LINK.label}</span></a>`,
    '<button type="button" class="secondary outline logout">Logout</button>',
    '</div></header>',
    `<nav class="main-nav" aria-label="Main"><ul>${links}</ul></nav>`,
    `<main id="${MAIN_ID}" class="content" tabindex="-1"><div class="status-strip"></div>${PAGE_SLOT}</main>`,
    `<footer class="app-footer"><small>${footerText(year)}</small></footer>`,
    '</div>',
  ].join('');
}
