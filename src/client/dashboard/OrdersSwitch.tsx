import { type HTMLAttributes, type SyntheticEvent, useId, useState } from 'react';
import { ordersAllowedTexts as texts } from '../../domain/ordersAllowedTexts.ts';
import type { LiveAccount } from '../../domain/types.ts';
import { errorMessage } from '../api/http.ts';
import { setOrdersAllowed } from '../serverData/ordersAllowed.ts';
import { useAccount } from '../ui/cacheReads.ts';
import { Modal } from '../ui/Modal.tsx';
import { useOffline } from '../ui/useOffline.ts';

/**
 * React passes a dialog's cancel (Escape) up its own tree, to the settings dialog around the
 * question too; stopped at the switch's box, it closes the question alone. (React's types offer
 * onCancel on <dialog> only; React handles it on any element.)
 */
const questionClosesAlone = {
  onCancel: (e: SyntheticEvent) => e.stopPropagation(),
} as HTMLAttributes<HTMLElement>;

/**
 * "Allow orders from Trade Tracker" for one account (docs/product.md, "Orders"): off until the
 * trader turns it on, online, after a question that says what it allows; off again in one tap.
 * Its own call, in its own box with its state: the settings form's Save and Cancel never touch it.
 */
export function OrdersSwitch({ account }: { account: LiveAccount }) {
  const id = useId();
  const offline = useOffline();
  // While the call is on its way the switch shows where it is going (and takes no other tap).
  const [going, setGoing] = useState<boolean>();
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<string>();
  // The cached row, so the switch shows what the server answered (and what a sync brings).
  const cached = useAccount(account.id);
  const allowed = (cached ?? account).ordersAllowed === true;
  const shown = going ?? allowed;

  async function send(next: boolean) {
    setAsking(false);
    setGoing(next);
    setError(undefined);
    try {
      await setOrdersAllowed(account, next);
    } catch (e) {
      setError(errorMessage(e, texts.failed));
    } finally {
      setGoing(undefined);
    }
  }

  function flip(next: boolean) {
    setError(undefined);
    // Turning orders on is a deliberate act: asked first. Turning them off is always safe.
    if (next) setAsking(true);
    else void send(false);
  }

  return (
    <section className="orders-switch" aria-labelledby={`${id}-state`} {...questionClosesAlone}>
      <p id={`${id}-state`} className="orders-state">
        {texts.state} <strong className={allowed ? 'orders-on' : undefined}>{allowed ? 'On' : 'Off'}</strong>
      </p>
      <label id={`${id}-label`} htmlFor={id}>
        <input
          id={id}
          type="checkbox"
          role="switch"
          checked={shown}
          aria-checked={shown}
          disabled={offline || going !== undefined}
          aria-describedby={`${id}-meaning ${id}-own${offline ? ` ${id}-offline` : ''}`}
          onChange={(e) => flip(e.target.checked)}
        />
        {texts.label}
      </label>
      <small id={`${id}-meaning`} className="hint">
        {texts.meaning}
      </small>
      <small id={`${id}-own`} className="hint">
        {texts.ownCall}
      </small>
      {offline && (
        <small id={`${id}-offline`} className="orders-offline">
          {texts.onlyOnline}
        </small>
      )}
      {error && (
        <small className="field-error" role="alert">
          {error}
        </small>
      )}
      {asking && (
        <AllowOrdersQuestion
          account={account}
          offline={offline}
          onAllow={() => void send(true)}
          onCancel={() => setAsking(false)}
        />
      )}
    </section>
  );
}

interface QuestionProps {
  account: LiveAccount;
  offline: boolean;
  onAllow: () => void;
  onCancel: () => void;
}

/** The question before orders are turned on: what it allows, Cancel, and "Allow orders". */
function AllowOrdersQuestion({ account, offline, onAllow, onCancel }: QuestionProps) {
  return (
    <Modal title={texts.question} onClose={onCancel}>
      <p>
        <strong>{texts.what(`${account.accountName} (${account.accountNumber})`)}</strong>
      </p>
      <p>{texts.how}</p>
      {offline && <p className="orders-offline">{texts.onlyOnline}</p>}
      <footer className="dialog-actions">
        <button type="button" className="secondary" onClick={onCancel}>
          Cancel
        </button>
        <button type="button" disabled={offline} onClick={onAllow}>
          {texts.confirm}
        </button>
      </footer>
    </Modal>
  );
}
