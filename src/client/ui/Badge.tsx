import type { BadgeColor } from '../../domain/tradePlans.ts';
import './badge.css';

/** A coloured label; its text always says what the colour means. */
export function Badge({ color, children }: { color: BadgeColor | 'blue'; children: React.ReactNode }) {
  return <span className={`badge badge-${color}`}>{children}</span>;
}
