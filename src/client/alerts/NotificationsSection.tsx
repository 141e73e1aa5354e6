import { type FormEvent, useCallback, useEffect, useId, useState } from 'react';
import { Link } from 'wouter';
import { planUrl, type SentAlert, validateAlertSettings } from '../../domain/alerts.ts';
import { NEAR_ENTRY_R_MAX, NEAR_ENTRY_R_MIN } from '../../domain/constants.ts';
import { formatPrice, formatTimestamp } from '../../domain/format.ts';
import { alertTexts, notificationTexts } from '../../domain/messages.ts';
import { errorMessage } from '../api/http.ts';
import {
  alertSettings,
  currentSubscription,
  notificationPermission,
  PushServiceSilent,
  pushSupported,
  saveAlertSettings,
  sentAlerts,
  turnOff,
  turnOn,
} from '../serverData/pushSubscription.ts';
import { ErrorBanner } from '../ui/ErrorBanner.tsx';
import { useOffline } from '../ui/useOffline.ts';
import './alerts.css';

type DeviceState = 'checking' | 'unsupported' | 'blocked' | 'off' | 'on';

async function deviceState(): Promise<DeviceState> {
  if (!pushSupported()) return 'unsupported';
  const permission = notificationPermission();
  if (permission === 'denied') return 'blocked';
  return permission === 'granted' && (await currentSubscription()) !== null ? 'on' : 'off';
}

/**
 * Notifications (docs/product.md, "Alerts"): this device on or off (the permission is asked only
 * on the tap that turns them on), the near-entry threshold, and the alerts sent.
 */
export default function NotificationsSection() {
  const offline = useOffline();
  const [state, setState] = useState<DeviceState>('checking');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [sentVersion, setSentVersion] = useState(0);
  const titleId = useId();
  const hintId = useId();

  useEffect(() => {
    let live = true;
    void deviceState().then((s) => live && setState(s));
    return () => {
      live = false;
    };
  }, []);

  async function toggle() {
    setBusy(true);
    setError(undefined);
    try {
      if (state === 'on') {
        await turnOff();
        setState('off');
      } else {
        const result = await turnOn();
        setState(result === 'on' ? 'on' : notificationPermission() === 'denied' ? 'blocked' : 'off');
        if (result === 'denied') setError(notificationTexts.notAllowed);
      }
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
      <NearEntryForm offline={offline} />
      <AlertsSent offline={offline} version={sentVersion} />
    </article>
  );
}

function NearEntryForm({ offline }: { offline: boolean }) {
  const [value, setValue] = useState('');
  const [message, setMessage] = useState<{ text: string; error: boolean }>();
  const [busy, setBusy] = useState(false);
  const inputId = useId();
  const messageId = useId();

  useEffect(() => {
    if (offline) return;
    let live = true;
    alertSettings()
      .then((s) => live && setValue(String(s.nearEntryR)))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [offline]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = validateAlertSettings({ nearEntryR: value.trim() === '' ? undefined : Number(value) });
    if (!checked.ok) {
      setMessage({ text: checked.errors[0]?.message ?? notificationTexts.thresholdFailed, error: true });
      return;
    }
    setBusy(true);
    try {
      const saved = await saveAlertSettings(checked.value);
      setValue(String(saved.nearEntryR));
      setMessage({ text: notificationTexts.thresholdSaved, error: false });
    } catch (e) {
      setMessage({ text: errorMessage(e, notificationTexts.thresholdFailed), error: true });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="near-entry-form" onSubmit={(e) => void submit(e)} noValidate>
      <label htmlFor={inputId}>Near entry within (R)</label>
      <div className="near-entry-row">
        <input
          id={inputId}
          type="number"
          inputMode="decimal"
          step="0.05"
          min={NEAR_ENTRY_R_MIN}
          max={NEAR_ENTRY_R_MAX}
          value={value}
          disabled={offline}
          aria-invalid={message?.error ? true : undefined}
          aria-describedby={messageId}
          onChange={(e) => {
            setValue(e.currentTarget.value);
            setMessage(undefined);
          }}
        />
        <button type="submit" className="outline backup-button" disabled={offline || busy} aria-busy={busy}>
          Save
        </button>
      </div>
      <small id={messageId} className={message?.error ? 'field-error' : 'muted'} role="status">
        {message?.text ??
          `A plan shows Near entry this close to its entry (${NEAR_ENTRY_R_MIN}R to ${NEAR_ENTRY_R_MAX}R).`}
      </small>
    </form>
  );
}

function AlertsSent({ offline, version }: { offline: boolean; version: number }) {
  const [alerts, setAlerts] = useState<SentAlert[]>();
  const [failed, setFailed] = useState(false);
  const titleId = useId();

  const load = useCallback(() => {
    setFailed(false);
    sentAlerts()
      .then(setAlerts)
      .catch(() => setFailed(true));
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
