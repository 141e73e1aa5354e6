import { reloadToUpdate, useUpdateWaiting } from './serviceWorker.ts';
import './pwa.css';

export function UpdateNotice() {
  const waiting = useUpdateWaiting();
  if (!waiting) return null;
  return (
    <div className="update-notice" role="status">
      <span>A new version of Trade Tracker is available</span>
      <button type="button" onClick={() => void reloadToUpdate()}>
        Reload
      </button>
    </div>
  );
}
