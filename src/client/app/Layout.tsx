import type { ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { LogoutButton } from '../auth/LogoutButton.tsx';
import { ConnectionStatus } from './ConnectionStatus.tsx';

const LINKS = [
  ['/dashboard', 'Dashboard'],
  ['/trade-setups', 'Trade Setups'],
  ['/trade-plans', 'Trade Plans'],
  ['/edge-definition', 'Edge Definition'],
] as const;

/** Header, sidebar and footer around every main page. */
export function Layout({ children }: { children: ReactNode }) {
  const [location] = useLocation();
  return (
    <div className="layout">
      <header className="app-header">
        <span className="app-title">Trade Tracker</span>
        <LogoutButton />
      </header>
      <nav className="sidebar" aria-label="Main">
        <ul>
          {LINKS.map(([href, label]) => (
            <li key={href}>
              <Link href={href} aria-current={location === href ? 'page' : undefined}>
                {label}
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
