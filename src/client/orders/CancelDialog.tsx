import { useRef, useState } from 'react';
import { orderTexts } from '../../domain/messages.ts';
import { describeOrder, type OrderDto } from '../../domain/orders.ts';
import { errorMessage } from '../api/http.ts';
import type { CachedOrder } from '../db/db.ts';
import { cancelOrder } from '../serverData/orders.ts';
import { FormError } from '../ui/FormError.tsx';
import { Modal } from '../ui/Modal.tsx';
import { useOffline } from '../ui/useOffline.ts';

/** Cancel order, asked first; the answer (the order now) is kept and shown. */
export function CancelDialog({
  order,
  onClose,
  onCancelled,
}: {
  order: CachedOrder;
  onClose: () => void;
  onCancelled: (order: OrderDto) => void;
}) {
  const offline = useOffline();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const inFlight = useRef(false);
  async function confirm() {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    setError(undefined);
    try {
      onCancelled(await cancelOrder(order.id));
    } catch (e) {
      setError(errorMessage(e, orderTexts.cancelFailed));
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  }
  return (
    <Modal title="Cancel order" onClose={onClose}>
      <FormError message={error} />
      <p>{orderTexts.cancelQuestion(describeOrder(order.order))}</p>
      {offline && <p className="order-unavailable">{orderTexts.onlyOnline}</p>}
      <footer className="dialog-actions">
        <button type="button" className="secondary" onClick={onClose}>
          Keep order
        </button>
        <button
          type="button"
          className="danger"
          aria-busy={busy}
          disabled={busy || offline}
          onClick={() => void confirm()}
        >
          Cancel order
        </button>
      </footer>
    </Modal>
  );
}
