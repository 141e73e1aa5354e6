import { formatMoney, formatPrice, formatTimestamp } from '../../domain/format.ts';
import { fallbackMessages, notices } from '../../domain/messages.ts';
import type { Execution } from '../../domain/types.ts';
import { db } from '../db/db.ts';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { FormError } from '../ui/FormError.tsx';
import { announce } from '../ui/notices.ts';
import { PendingMark } from '../ui/PendingMark.tsx';
import { useConfirmedDelete } from '../ui/useConfirmedDelete.ts';
import { useLiveQuery } from '../ui/useLiveQuery.ts';
import { deleteFill } from './executionMutations.ts';
import '../ui/table.css';

const nameOf = (fill: Execution) =>
  `${fill.side} ${fill.quantity} ${fill.symbol} at ${formatPrice(fill.price)}`;

/** A trade's fills in time order; a manual one can be deleted, the broker's are its record. */
export function TradeFills({ executionIds }: { executionIds: string[] }) {
  const fills =
    useLiveQuery(async () => {
      const rows = (await db.executions.bulkGet(executionIds)).filter((f) => f !== undefined);
      // Fills of one instant in the order they were recorded, as the trade was built from them.
      return rows.sort(
        (a, b) =>
          Date.parse(a.executedAt) - Date.parse(b.executedAt) ||
          Date.parse(a.createdAt) - Date.parse(b.createdAt),
      );
    }, [executionIds]) ?? [];
  const deletion = useConfirmedDelete(deleteFill, fallbackMessages.deleteFill);

  return (
    <>
      <FormError message={deletion.error} />
      <div className="table-wrap">
        <table className="stack-on-phone trade-fills">
          <thead>
            <tr>
              <th scope="col">Time</th>
              <th scope="col">Side</th>
              <th scope="col">Qty</th>
              <th scope="col">Price</th>
              <th scope="col">Fees</th>
              <th scope="col">Source</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {fills.map((fill) => (
              <tr key={fill.id}>
                <td data-label="Time">
                  {formatTimestamp(fill.executedAt)}
                  <PendingMark row={fill} />
                </td>
                <td data-label="Side">{fill.side}</td>
                <td data-label="Qty">{fill.quantity}</td>
                <td data-label="Price">{formatPrice(fill.price)}</td>
                <td data-label="Fees">{formatMoney(fill.fees)}</td>
                <td data-label="Source">{fill.source === 'broker' ? 'Broker' : 'Manual'}</td>
                <td className="row-actions">
                  {fill.source === 'manual' && (
                    <button
                      type="button"
                      className="outline danger"
                      aria-label={`Delete ${nameOf(fill)}`}
                      onClick={() => deletion.ask(fill)}
                    >
                      Delete
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {deletion.pending && (
        <ConfirmDialog
          title="Delete Fill"
          name={nameOf(deletion.pending)}
          busy={deletion.busy}
          onConfirm={() =>
            void deletion.confirm().then((fill) => fill && announce(notices.deleted(nameOf(fill))))
          }
          onCancel={deletion.cancel}
        />
      )}
    </>
  );
}
