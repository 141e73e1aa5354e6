import type { ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { LogoutButton } from '../auth/LogoutButton.tsx';
import { ConnectionStatus } from './ConnectionStatus.tsx';

/** Outline icons (24 × 24, stroked in the link's colour); the link's label names them. */
const ICONS = {
  dashboard: (
    <>
      <rect x="3" y="3" width="7" height="9" rx="1" />
      <rect x="14" y="3" width="7" height="5" rx="1" />
      <rect x="14" y="12" width="7" height="9" rx="1" />
      <rect x="3" y="16" width="7" height="5" rx="1" />
    </>
  ),
  setups: <path d="M3 17l6-6 4 4 8-8M15 7h6v6" />,
  plans: (
    <>
      <rect x="5" y="4" width="14" height="17" rx="2" />
      <path d="M9 3h6v3H9zM9 11h6M9 15h6" />
    </>
  ),
  edges: (
    <>
      <circle cx="12" cy="12" r="9" />
      <circle cx="12" cy="12" r="5" />
      <circle cx="12" cy="12" r="1" />
    </>
  ),
  trades: (
    <>
      <path d="M7 3v4M7 17v4M17 3v3M17 16v5" />
      <rect x="4" y="7" width="6" height="10" rx="1" />
      <rect x="14" y="6" width="6" height="10" rx="1" />
    </>
  ),
  review: <path d="M3 3v18h18M7 16v-4M12 16V8M17 16v-7" />,
  backup: <path d="M12 3v12M7 10l5 5 5-5M4 17v3h16v-3" />,
};

function Icon({ children, className }: { children: ReactNode; className: string }) {
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
    >
      {children}
    </svg>
  );
}

const LINKS = [
  ['/dashboard', 'Dashboard', ICONS.dashboard],
  ['/trade-setups', 'Trade Setups', ICONS.setups],
  ['/trade-plans', 'Trade Plans', ICONS.plans],
  ['/edge-definition', 'Edge Definition', ICONS.edges],
  ['/trades', 'Trades', ICONS.trades],
  ['/review', 'Review', ICONS.review],
] as const;

/**
 * Header, navigation and footer around every main page. The navigation is one list of links:
 * a sidebar on a wide screen, a tab bar fixed at the bottom on a phone (styles.css). "Export and
 * backup" sits in the header, beside Logout: the tab bar has no room for a seventh tab, and it
 * is not a place a trader goes every day. On a phone it shows as its icon alone.
 */
export function Layout({ children }: { children: ReactNode }) {
  const [location] = useLocation();
  return (
    <div className="layout">
      <header className="app-header">
        <span className="app-title">Trade Tracker</span>
        <div className="header-actions">
          <Link
            href="/backup"
            className="header-link"
            aria-current={location === '/backup' ? 'page' : undefined}
            title="Export and backup"
          >
            <Icon className="header-icon">{ICONS.backup}</Icon>
            <span className="header-link-label">Export and backup</span>
          </Link>
          <LogoutButton />
        </div>
      </header>
      <nav className="main-nav" aria-label="Main">
        <ul>
          {LINKS.map(([href, label, icon]) => (
            <li key={href}>
              <Link href={href} aria-current={location === href ? 'page' : undefined}>
                <Icon className="nav-icon">{icon}</Icon>
                <span>{label}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <main className="content">
        <ConnectionStatus />
        {children}
      </main>
      <footer className="app-footer">
        <small data-version={import.meta.env.VITE_APP_VERSION}>
          © {new Date().getFullYear()} Trade Tracker. All rights reserved.
        </small>
      </footer>
    </div>
  );
}
