import { useCallback, useEffect, useId, useState } from 'react';
import { Link } from 'wouter';
import { planUrl } from '../../domain/alerts.ts';
import { alertTexts, notificationTexts } from '../../domain/alertTexts.ts';
import { formatPrice, formatTimestamp } from '../../domain/format.ts';
import { errorMessage } from '../api/http.ts';
import {
  PushServiceSilent,
  refreshDeviceState,
  refreshSentAlerts,
  turnOffAndKeep,
  turnOnAndKeep,
} from '../serverData/pushSubscription.ts';
import { useDeviceState, useSentAlerts } from '../serverData/useAlerts.ts';
import SettingsForm from '../settings/SettingsForm.tsx';
import { ErrorBanner } from '../ui/ErrorBanner.tsx';
import { useOffline } from '../ui/useOffline.ts';
import './alerts.css';

/**
 * Notifications (docs/product.md, "Alerts"): this device on or off (the permission is asked only
 * on the tap that turns them on), the trader's settings (the near-entry threshold), and the alerts sent.
 */
export default function NotificationsSection() {
  const offline = useOffline();
  // The state last seen shows at once (after a reload too) while the browser is asked again.
  const state = useDeviceState() ?? 'checking';
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [sentVersion, setSentVersion] = useState(0);
  const titleId = useId();
  const hintId = useId();

  useEffect(() => {
    void refreshDeviceState();
  }, []);

  async function toggle() {
    setBusy(true);
    setError(undefined);
    try {
      if (state === 'on') await turnOffAndKeep();
      else if ((await turnOnAndKeep()) === 'denied') setError(notificationTexts.notAllowed);
      setSentVersion((v) => v + 1);
    } catch (e) {
      setError(
        e instanceof PushServiceSilent
          ? notificationTexts.pushServiceSilent
          : errorMessage(
              e,
              state === 'on' ? notificationTexts.turnOffFailed : notificationTexts.turnOnFailed,
            ),
      );
    } finally {
      setBusy(false);
    }
  }

  const canToggle = state === 'on' || state === 'off';
  return (
    <article aria-labelledby={titleId} className="notifications">
      <h2 id={titleId}>Notifications</h2>
      <p className="muted">
        An alert on this device when a Ready plan reaches its entry, or an open trade its stop or target, also
        with the app closed. Each alert comes once per plan and day.
      </p>
      {state === 'unsupported' && <p className="hint">{notificationTexts.unsupported}</p>}
      {state === 'blocked' && <p className="hint">{notificationTexts.blocked}</p>}
      {canToggle && (
        <div className="backup-actions">
          <button
            type="button"
            role="switch"
            aria-checked={state === 'on'}
            className={`backup-button${state === 'on' ? ' secondary' : ''}`}
            aria-busy={busy}
            disabled={busy || offline}
            aria-describedby={offline ? hintId : undefined}
            onClick={() => void toggle()}
          >
            {state === 'on' ? 'Turn notifications off' : 'Turn notifications on'}
          </button>
        </div>
      )}
      {canToggle && offline && (
        <small id={hintId} className="hint">
          {notificationTexts.needsConnection}
        </small>
      )}
      {error && <ErrorBanner message={error} onDismiss={() => setError(undefined)} />}
      <SettingsForm />
      <AlertsSent offline={offline} version={sentVersion} />
    </article>
  );
}

function AlertsSent({ offline, version }: { offline: boolean; version: number }) {
  const sent = useSentAlerts();
  const [failed, setFailed] = useState(false);
  const titleId = useId();
  // Never read on this device: nothing to show until the server answers.
  const alerts = sent?.readAt === undefined ? undefined : sent.alerts;

  const load = useCallback(() => {
    setFailed(false);
    refreshSentAlerts().catch(() => setFailed(true));
  }, []);
  // Loaded again after the device was turned on or off (`version`): the list may have changed.
  useEffect(() => {
    if (!offline && version >= 0) load();
  }, [offline, load, version]);

  return (
    <section aria-labelledby={titleId} className="alerts-sent">
      <h3 id={titleId}>Alerts sent</h3>
      {offline && alerts === undefined ? (
        <p className="muted">{notificationTexts.alertsNeedConnection}</p>
      ) : failed ? (
        // Said quietly, not as an alert: a list to look at, not something the trader was doing.
        <p className="muted alerts-failed">
          {notificationTexts.alertsFailed}{' '}
          <button type="button" className="outline backup-button" onClick={load}>
            Retry
          </button>
        </p>
      ) : alerts === undefined ? (
        <p className="muted" aria-busy="true" />
      ) : alerts.length === 0 ? (
        <p className="muted">{notificationTexts.noAlerts}</p>
      ) : (
        <ul className="alerts-list">
          {alerts.map((a) => (
            <li key={a.id}>
              <Link href={planUrl(a.planId)}>{alertTexts[a.kind](a.symbol)}</Link>
              <small className="muted">
                {formatPrice(a.price)} · {formatTimestamp(a.sentAt)}
              </small>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
