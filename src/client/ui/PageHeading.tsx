import type { ReactNode } from 'react';
import './page.css';

/**
 * A page's heading: its title and subtitle (domain/pages.ts), then what the page puts beside them.
 * The same markup as the server's first paint (server/http/pageShell.ts), so it does not move.
 */
export function PageHeading({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle: string;
  children?: ReactNode;
}) {
  return (
    <div className="page-heading">
      <hgroup>
        <h1>{title}</h1>
        <p>{subtitle}</p>
      </hgroup>
      {children}
    </div>
  );
}
