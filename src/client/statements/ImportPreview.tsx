import { balanceLine, skippedRowText } from '../../domain/statements/statementTexts.ts';
import type { ImportSummary, StatementPreview } from './statementImport.ts';

/** The skipped rows listed at most; the rest are counted. */
const SKIPPED_SHOWN = 200;

const fills = (n: number) => `${n} ${n === 1 ? 'fill' : 'fills'}`;

/** What the import would do: fills to add, already here, and each skipped row with its line and reason. */
export function ImportPreview({ preview }: { preview: StatementPreview }) {
  const { plan, skipped } = preview;
  return (
    <section className="import-preview" aria-label="Preview">
      <ul className="import-counts">
        <li>
          <strong>{fills(plan.add.length)}</strong> to add
        </li>
        <li>
          <strong>{plan.alreadyHere.length}</strong> already here
        </li>
        <li>
          <strong>{skipped.length}</strong> {skipped.length === 1 ? 'row' : 'rows'} skipped
        </li>
      </ul>
      {preview.balance && <p className="import-balance">{balanceLine(preview.balance)}</p>}
      {skipped.length > 0 && (
        <details open={skipped.length <= 10}>
          <summary>Skipped rows</summary>
          <ul className="skipped-rows">
            {skipped.slice(0, SKIPPED_SHOWN).map((row) => (
              <li key={row.line}>{skippedRowText(row)}</li>
            ))}
            {skipped.length > SKIPPED_SHOWN && <li>and {skipped.length - SKIPPED_SHOWN} more</li>}
          </ul>
        </details>
      )}
    </section>
  );
}

/** What the import did: the server's counts, or this device's while the import waits to be sent. */
export function ImportDone({ summary, onClose }: { summary: ImportSummary; onClose: () => void }) {
  return (
    <section className="import-summary" role="status">
      <ul className="import-counts">
        <li>
          Fills added: <strong>{summary.added}</strong>
        </li>
        <li>
          Already here: <strong>{summary.alreadyHere}</strong>
        </li>
        <li>
          Skipped: <strong>{summary.skipped}</strong>
        </li>
      </ul>
      {summary.balance && <p className="import-balance">{balanceLine(summary.balance)}</p>}
      {summary.outcome === 'queued' && (
        <p className="hint">Saved on this device: the import is sent once you are back online.</p>
      )}
      <footer className="dialog-actions">
        <button type="button" onClick={onClose}>
          Done
        </button>
      </footer>
    </section>
  );
}

export { fills };
