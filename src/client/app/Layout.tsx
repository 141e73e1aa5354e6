import type { MouseEvent, ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { LogoutButton } from '../auth/LogoutButton.tsx';
import {
  BACKUP_LINK,
  footerText,
  ICON_MARKUP,
  type IconName,
  MAIN_ID,
  NAV_LINKS,
  SKIP_LINK_TEXT,
} from './appShell.ts';
import { ConnectionStatus } from './ConnectionStatus.tsx';
import './frame.css';

/** An icon from the shell's markup (constant strings of appShell.ts, never data); its <svg> as appShell.ts writes it. */
function Icon({ name, className }: { name: IconName; className: string }) {
  return (
    <svg
      className={className}
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the shell's own constant SVG shapes
      dangerouslySetInnerHTML={{ __html: ICON_MARKUP[name] }}
    />
  );
}

/**
 * The skip link moves focus to the page itself, without a "#main" in the address (the back button
 * would then return to it); before the script runs, the link's own address does the same.
 */
function skipToMain(event: MouseEvent) {
  event.preventDefault();
  document.getElementById(MAIN_ID)?.focus();
}

/**
 * Header, navigation and footer around every main page. The navigation is one list of links:
 * a sidebar on a wide screen, a tab bar fixed at the bottom on a phone (app/frame.css). "Export and
 * backup" sits in the header, beside Logout: the tab bar has no room for a seventh tab, and it
 * is not a place a trader goes every day. On a phone it shows as its icon alone. The same frame is
 * in index.html before the script runs (appShell.ts).
 */
export function Layout({ children, checking = false }: { children: ReactNode; checking?: boolean }) {
  const [location] = useLocation();
  return (
    <div className="layout">
      {/* The first stop of the keyboard (WCAG 2.4.1): past the header and the navigation. */}
      <a href={`#${MAIN_ID}`} className="skip-link" onClick={skipToMain}>
        {SKIP_LINK_TEXT}
      </a>
      <header className="app-header">
        <span className="app-title">Trade Tracker</span>
        <div className="header-actions">
          <Link
            href={BACKUP_LINK.href}
            className="header-link"
            aria-current={location === BACKUP_LINK.href ? 'page' : undefined}
            title={BACKUP_LINK.label}
          >
            <Icon name={BACKUP_LINK.icon} className="header-icon" />
            <span className="header-link-label visually-hidden-on-phone">{BACKUP_LINK.label}</span>
          </Link>
          <LogoutButton />
        </div>
      </header>
      <nav className="main-nav" aria-label="Main">
        <ul>
          {NAV_LINKS.map(([href, label, icon]) => (
            <li key={href}>
              <Link href={href} aria-current={location === href ? 'page' : undefined}>
                <Icon name={icon} className="nav-icon" />
                <span>{label}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <main id={MAIN_ID} className="content" tabIndex={-1}>
        {/* Until the sign-in is checked the cache may be another trader's: nothing from it shows. */}
        {checking ? <div className="status-strip" /> : <ConnectionStatus />}
        {children}
      </main>
      <footer className="app-footer">
        <small data-version={import.meta.env.VITE_APP_VERSION}>{footerText(new Date().getFullYear())}</small>
      </footer>
    </div>
  );
}
