// A moment as the app's frame shows it ("Last updated", the connection line): apart from
// format.ts, so the first download carries this and not every formatter of the pages.
import { frameMessages } from './appMessages.ts';

/** A moment in the reader's own locale and time zone, or "Invalid timestamp". */
export function formatTimestamp(timestamp: string): string {
  const at = new Date(timestamp);
  return Number.isNaN(at.getTime()) ? frameMessages.invalidTimestamp : at.toLocaleString();
}
