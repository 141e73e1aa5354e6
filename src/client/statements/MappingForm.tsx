import { useState } from 'react';
import { messages } from '../../domain/messages.ts';
import { headerKey } from '../../domain/statements/cells.ts';
import type { StatementMapping } from '../../domain/statements/mapping.ts';
import { MAPPING_FEES_MAX, statementTexts } from '../../domain/statements/statementTexts.ts';
import { EASTERN } from '../../domain/statements/wallTime.ts';
import { Field } from '../ui/Field.tsx';
import { FormError } from '../ui/FormError.tsx';
import { selectInput } from '../ui/inputs.tsx';

/** The fields a column can be named for: key, label, required, and header words that suggest it. */
const FIELDS = [
  ['executedAt', 'Date (or date and time)', true, ['date', 'datetime', 'time', 'executed']],
  ['time', 'Time, when a column of its own', false, ['time']],
  ['symbol', 'Symbol', true, ['symbol', 'ticker', 'stock']],
  ['side', 'Side (left out: a negative quantity is a sale)', false, ['side', 'action', 'buysell']],
  ['quantity', 'Quantity', true, ['quantity', 'qty', 'shares']],
  ['price', 'Price', true, ['price', 'fillprice', 'avgprice']],
  ['account', 'Broker account', false, ['account']],
] as const;
type FieldKey = (typeof FIELDS)[number][0];

/** US zones first: a file that writes no offset is read in the zone it was written in. */
const ZONES = [
  [EASTERN, 'US Eastern (New York)'],
  ['America/Chicago', 'US Central (Chicago)'],
  ['America/Denver', 'US Mountain (Denver)'],
  ['America/Los_Angeles', 'US Pacific (Los Angeles)'],
  ['UTC', 'UTC'],
] as const;

/** The first column whose name contains one of the words, skipping those already taken. */
function guess(header: readonly string[], words: readonly string[], taken: Set<string>): string {
  const found = header.find((h) => !taken.has(h) && words.some((w) => headerKey(h).includes(w)));
  if (found) taken.add(found);
  return found ?? '';
}

/**
 * A file no format reads: the trader names its columns once; the mapping is saved in their
 * settings and offered for every file with the same header (docs/product.md, "Importing statements").
 */
export function MappingForm({
  header,
  initial,
  onSave,
}: {
  header: string[];
  /** The mapping saved for this header, when the trader changes it. */
  initial?: StatementMapping | undefined;
  onSave: (mapping: StatementMapping) => Promise<void>;
}) {
  const [columns, setColumns] = useState<Record<FieldKey, string>>(() => {
    const taken = new Set<string>();
    return Object.fromEntries(
      FIELDS.map(([key, , , words]) => [key, initial ? (initial[key] ?? '') : guess(header, words, taken)]),
    ) as Record<FieldKey, string>;
  });
  const [fees, setFees] = useState<string[]>(
    () =>
      initial?.fees ?? header.filter((h) => /fee|commission/.test(headerKey(h))).slice(0, MAPPING_FEES_MAX),
  );
  const [timeZone, setTimeZone] = useState<string>(initial?.timeZone ?? EASTERN);
  const [problem, setProblem] = useState<string>();
  const [saving, setSaving] = useState(false);
  const options = header.filter((h) => h !== '').map((h) => [h, h] as const);

  async function save() {
    if (FIELDS.some(([key, , required]) => required && columns[key] === '')) {
      setProblem(statementTexts.mappingIncomplete);
      return;
    }
    const chosen = Object.fromEntries(
      FIELDS.filter(([key]) => columns[key] !== '').map(([key]) => [key, columns[key]]),
    );
    setSaving(true);
    try {
      await onSave({
        header,
        ...(chosen as Pick<StatementMapping, 'executedAt' | 'symbol' | 'quantity' | 'price'>),
        ...(fees.length > 0 ? { fees } : {}),
        ...(timeZone === EASTERN ? {} : { timeZone }),
      });
    } finally {
      setSaving(false);
    }
  }

  return (
    <section className="column-mapping" aria-label="Column mapping">
      <p>
        {initial ? 'Your column mapping for this file.' : `${messages.statementNotRecognised}.`} Name its
        columns once: the mapping is kept for files with the same columns.
      </p>
      <FormError message={problem} />
      <div className="grid-2">
        {FIELDS.map(([key, label, required]) => (
          <Field key={key} label={label}>
            {selectInput(
              columns[key],
              (value) => setColumns((was) => ({ ...was, [key]: value })),
              options,
              required ? 'Choose a column' : 'None',
            )}
          </Field>
        ))}
        <Field label="Time zone of the file's times">{selectInput(timeZone, setTimeZone, ZONES)}</Field>
      </div>
      <fieldset className="fee-columns">
        <legend>Fees and commissions (summed)</legend>
        {options.map(([h]) => (
          <label key={h}>
            <input
              type="checkbox"
              checked={fees.includes(h)}
              disabled={!fees.includes(h) && fees.length >= MAPPING_FEES_MAX}
              onChange={(e) =>
                setFees((was) => (e.target.checked ? [...was, h] : was.filter((f) => f !== h)))
              }
            />
            {h}
          </label>
        ))}
      </fieldset>
      <footer className="dialog-actions">
        <button type="button" aria-busy={saving} disabled={saving} onClick={() => void save()}>
          Save mapping
        </button>
      </footer>
    </section>
  );
}
