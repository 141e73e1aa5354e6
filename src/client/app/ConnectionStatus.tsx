import { formatTimestamp } from '../../domain/timestamp.ts';
import { UpdateNotice } from '../pwa/UpdateNotice.tsx';
import { Notices } from '../ui/Notices.tsx';
import { useOffline } from '../ui/useOffline.ts';
import {
  dismissRefusedChanges,
  useLastSynced,
  useQueuedCount,
  useRefusedChanges,
} from './useConnectionState.ts';

/** The strip under the header: offline state, changes waiting or refused, a new version. */
export function ConnectionStatus() {
  const offline = useOffline();
  const lastSync = useLastSynced();
  const waiting = useQueuedCount();
  const refused = useRefusedChanges();
  return (
    <div className="status-strip">
      {offline && (
        <p className="offline-indicator" role="status">
          <strong>Offline</strong> · last synced {lastSync ? formatTimestamp(lastSync) : 'never'}
        </p>
      )}
      {waiting > 0 && (
        <p className="pending-indicator" role="status">
          {waiting} change{waiting === 1 ? '' : 's'} not yet saved
        </p>
      )}
      {refused.length > 0 && (
        <div className="refused-changes" role="alert">
          <strong>Not saved — the server refused:</strong>
          <ul>
            {refused.map((r) => (
              <li key={r.id}>
                {r.label}: {r.message}
              </li>
            ))}
          </ul>
          <button type="button" className="outline secondary" onClick={() => void dismissRefusedChanges()}>
            Dismiss
          </button>
        </div>
      )}
      <UpdateNotice />
      <Notices />
    </div>
  );
}
