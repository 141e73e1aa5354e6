import { fallbackMessages, notices } from '../../domain/appMessages.ts';
import { executionLabel, formatMoney, formatPrice, formatTimestamp } from '../../domain/format.ts';
import { instrumentLabel } from '../../domain/optionContract.ts';
import type { Execution } from '../../domain/types.ts';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { useTradeFills } from '../ui/cacheReads.ts';
import { FormError } from '../ui/FormError.tsx';
import { announce } from '../ui/notices.ts';
import { PendingMark } from '../ui/PendingMark.tsx';
import { useConfirmedDelete } from '../ui/useConfirmedDelete.ts';
import { deleteFill } from './executionMutations.ts';
import '../ui/table.css';
import { TableHead } from '../ui/TableHead.tsx';

const nameOf = (fill: Execution) =>
  `${fill.side} ${fill.quantity} ${instrumentLabel(fill)} at ${formatPrice(fill.price)}`;

/** A split's shares as a change (+90, −99); a fill's or a transfer's as moved (its side says which way). */
const quantityOf = (fill: Execution) =>
  fill.kind === 'split' ? `${fill.side === 'Buy' ? '+' : '−'}${fill.quantity}` : String(fill.quantity);

/** An adjustment without a price (a split, a transfer the broker gave no cost for) shows none. */
const priceOf = (fill: Execution) =>
  fill.kind !== undefined && fill.kind !== 'fill' && fill.price === 0 ? '—' : formatPrice(fill.price);

/** Where a fill came from, in the trader's words: a statement's fills are theirs to delete, as their own. */
const SOURCE_NAMES: Record<Execution['source'], string> = {
  manual: 'Manual',
  broker: 'Broker',
  statement: 'Statement',
};

/**
 * A trade's fills in time order, with the broker's adjustments among them ("Split 1:100",
 * "Transfer in"); a manual or a statement's fill can be deleted, the broker's are its record.
 */
export function TradeFills({ executionIds }: { executionIds: string[] }) {
  const { fills, ratios } = useTradeFills(executionIds) ?? { fills: [], ratios: new Map<string, number>() };
  const deletion = useConfirmedDelete(deleteFill, fallbackMessages.deleteFill);

  return (
    <>
      <FormError message={deletion.error} />
      <div className="table-wrap">
        <table className="stack-on-phone trade-fills">
          <TableHead columns={['Time', 'Side', 'Qty', 'Price', 'Fees', 'Source', { hidden: 'Actions' }]} />
          <tbody>
            {fills.map((fill) => (
              <tr key={fill.id}>
                <td data-label="Time">
                  {formatTimestamp(fill.executedAt)}
                  <PendingMark row={fill} />
                </td>
                <td data-label="Side">{executionLabel(fill, ratios.get(fill.id))}</td>
                <td data-label="Qty">{quantityOf(fill)}</td>
                <td data-label="Price">{priceOf(fill)}</td>
                <td data-label="Fees">{formatMoney(fill.fees)}</td>
                <td data-label="Source">{SOURCE_NAMES[fill.source]}</td>
                <td className="row-actions">
                  {fill.source !== 'broker' && (
                    <button
                      type="button"
                      className="outline danger"
                      aria-label={`Delete ${nameOf(fill)}`}
                      onClick={(e) => deletion.ask(fill, e.currentTarget)}
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
