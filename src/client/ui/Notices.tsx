import { dismiss, useNotice } from './notices.ts';
import './feedback.css';

/**
 * Confirmations of saves, status changes and deletes, one at a time (a newer one replaces it): a
 * polite live region, read out without taking focus and gone after a few seconds, or at once with
 * its close button. The region is always in the page, so screen readers announce what is added to
 * it; each notice is a new node in it, so the same words twice are read twice.
 */
export function Notices() {
  const notice = useNotice();
  return (
    <div className={notice ? 'notices shown' : 'notices'}>
      <p role="status" aria-live="polite">
        {notice && <span key={notice.id}>{notice.text}</span>}
      </p>
      {notice && (
        <button type="button" aria-label="Close notice" onClick={() => dismiss(notice)}>
          ×
        </button>
      )}
    </div>
  );
}
