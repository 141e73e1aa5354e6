import { useNotices } from './notices.ts';
import './feedback.css';

/**
 * Confirmations of saves, status changes and deletes: a polite live region, read out without
 * taking focus and gone after a few seconds. The region is always in the page, so screen
 * readers announce what is added to it.
 */
export function Notices() {
  const notices = useNotices();
  return (
    <div className="notices" role="status" aria-live="polite">
      {notices.map((n) => (
        <p key={n.id} className="notice">
          {n.text}
        </p>
      ))}
    </div>
  );
}
