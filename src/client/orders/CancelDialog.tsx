import { orderTexts } from '../../domain/messages.ts';
import { describeOrder, type OrderDto } from '../../domain/orders.ts';
import type { CachedOrder } from '../db/db.ts';
import { cancelOrder } from '../serverData/orders.ts';
import { FormActions } from '../ui/FormActions.tsx';
import { FormError } from '../ui/FormError.tsx';
import { Modal } from '../ui/Modal.tsx';
import { useOffline } from '../ui/useOffline.ts';
import { useOnceAtATime } from '../ui/useOnceAtATime.ts';

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
  const { busy, error, run } = useOnceAtATime(orderTexts.cancelFailed);
  const confirm = () => run(async () => onCancelled(await cancelOrder(order.id)));
  return (
    <Modal title="Cancel order" onClose={onClose}>
      <FormError message={error} />
      <p>{orderTexts.cancelQuestion(describeOrder(order.order))}</p>
      {offline && <p className="order-unavailable">{orderTexts.onlyOnline}</p>}
      <FormActions
        cancelLabel="Keep order"
        onCancel={onClose}
        submitLabel="Cancel order"
        danger
        saving={busy}
        disabled={offline}
        onSubmit={() => void confirm()}
      />
    </Modal>
  );
}
