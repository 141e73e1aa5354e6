import { formatTimestamp } from '../../domain/format.ts';
import { messages } from '../../domain/messages.ts';

const dayFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** A day, "Nov 20, 2026", in the reader's time zone; the exact moment is in the trade's details. */
export function ShortDate({ at }: { at: string }) {
  const date = new Date(at);
  if (Number.isNaN(date.getTime())) return <>{messages.invalidTimestamp}</>;
  return (
    <time dateTime={at} title={formatTimestamp(at)}>
      {dayFormat.format(date)}
    </time>
  );
}
