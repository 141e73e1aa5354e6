import { useEffect, useMemo, useState } from 'react';
import { STATEMENT_MAX_BYTES } from '../../domain/constants.ts';
import { messages } from '../../domain/messages.ts';
import { mappingFits, type StatementMapping } from '../../domain/statements/mapping.ts';
import { FORMATS } from '../../domain/statements/registry.ts';
import type { StatementFormatId } from '../../domain/statements/statement.ts';
import { statementTexts } from '../../domain/statements/statementTexts.ts';
import { errorMessage } from '../api/http.ts';
import { useStoredSettings } from '../settings/useTraderSettings.ts';
import { useAccounts } from '../ui/cacheReads.ts';
import { Field } from '../ui/Field.tsx';
import { FormActions } from '../ui/FormActions.tsx';
import { FormError } from '../ui/FormError.tsx';
import { selectInput } from '../ui/inputs.tsx';
import { Modal } from '../ui/Modal.tsx';
import { fills, ImportDone, ImportPreview } from './ImportPreview.tsx';
import { MappingForm } from './MappingForm.tsx';
import {
  type ImportSummary,
  importStatement,
  type PreviewResult,
  previewImport,
  readOnDevice,
  readText,
  saveMapping,
} from './statementImport.ts';
import './statements.css';

type FormatChoice = StatementFormatId | 'auto';

const FORMAT_OPTIONS: readonly (readonly [FormatChoice, string])[] = [
  ['auto', 'Recognise it by itself'],
  ...FORMATS.map((f) => [f.id, f.name] as const),
  ['mapped', 'Your column mapping'],
];

const MEGABYTES = STATEMENT_MAX_BYTES / 1024 / 1024;

/**
 * Trades → "Import statement" (docs/product.md, "Importing statements"): a file and an account,
 * a preview read on this device, "Import N fills", and what the import did.
 */
export default function ImportStatement({ onClose }: { onClose: () => void }) {
  const accounts = useAccounts() ?? [];
  const settings = useStoredSettings();
  // The settings are read again at every sync: the file is read again only when the mappings change.
  const mappingsText = settings && JSON.stringify(settings.statementMappings);
  const mappings = useMemo(
    () => (mappingsText === undefined ? undefined : (JSON.parse(mappingsText) as StatementMapping[])),
    [mappingsText],
  );
  const [file, setFile] = useState<{ name: string; text: string }>();
  const [problem, setProblem] = useState<string>();
  const [chosenAccount, setChosenAccount] = useState('');
  // Which of the file's broker accounts to import, when the trader chose one (else previewImport's).
  const [brokerAccount, setBrokerAccount] = useState<string>();
  const setAccountId = (id: string) => {
    setChosenAccount(id);
    setBrokerAccount(undefined);
  };
  const accountId = chosenAccount || (accounts[0]?.id ?? '');
  const [format, setFormat] = useState<FormatChoice>('auto');
  const [result, setResult] = useState<PreviewResult>();
  const [busy, setBusy] = useState<'reading' | 'importing'>();
  // How much of the file is read, while it is; then the reading of its rows has no measure.
  const [loaded, setLoaded] = useState<number>();
  const [remap, setRemap] = useState(false);
  const [summary, setSummary] = useState<ImportSummary>();
  const [failure, setFailure] = useState<string>();

  // Read again whenever the file, the account, the format or the trader's mappings change.
  useEffect(() => {
    if (!file || !accountId || mappings === undefined) return;
    let current = true;
    setBusy('reading');
    void readOnDevice(file.text, format, mappings)
      .then((read) => previewImport(read, accountId, brokerAccount))
      .then(
        (next) => {
          if (!current) return;
          setResult(next);
          setProblem(undefined);
        },
        () => current && setProblem(statementTexts.unreadableFile),
      )
      .finally(() => current && setBusy(undefined));
    return () => {
      current = false;
    };
  }, [file, accountId, format, mappings, brokerAccount]);

  async function choose(chosen: File | undefined) {
    setResult(undefined);
    setFile(undefined);
    setProblem(undefined);
    setBrokerAccount(undefined);
    if (!chosen) return;
    if (chosen.size > STATEMENT_MAX_BYTES) {
      setProblem(messages.statementTooLarge);
      return;
    }
    setBusy('reading');
    try {
      setFile({ name: chosen.name, text: await readText(chosen, setLoaded) });
    } catch {
      setProblem(statementTexts.unreadableFile);
      setBusy(undefined);
    } finally {
      setLoaded(undefined);
    }
  }

  async function keepMapping(mapping: StatementMapping) {
    if (!settings) return;
    await saveMapping(settings, mapping);
    setRemap(false);
  }

  async function importIt() {
    if (!file || !result?.ok) return;
    setBusy('importing');
    setFailure(undefined);
    try {
      setSummary(await importStatement(file, accountId, result));
    } catch (e) {
      setFailure(errorMessage(e, statementTexts.importFailed));
    } finally {
      setBusy(undefined);
    }
  }

  const header = result && !result.ok ? result.header : undefined;
  const savedMapping =
    result?.ok && result.format === 'mapped'
      ? mappings?.find((m) => mappingFits(m, result.header))
      : undefined;
  const toAdd = result?.ok ? result.plan.add.length : 0;
  // A file whose fills are all here may still bring a manual account's newer balance.
  const balanceOnly = toAdd === 0 && result?.ok === true && result.balance?.effect === 'updates';

  return (
    <Modal title="Import statement" onClose={onClose}>
      {summary ? (
        <ImportDone summary={summary} onClose={onClose} />
      ) : (
        <div className="import-statement">
          <Field
            label="Statement file"
            error={problem}
            hint={
              <small className="hint">CSV, TSV or TXT as your broker exports it, up to {MEGABYTES} MB</small>
            }
          >
            {(p) => (
              <input
                {...p}
                type="file"
                accept=".csv,.tsv,.txt"
                onChange={(e) => void choose(e.target.files?.[0])}
              />
            )}
          </Field>
          <Field label="Account">
            {selectInput(
              accountId,
              setAccountId,
              accounts.map((a) => [a.id, a.accountName]),
              accounts.length === 0 ? 'No accounts' : undefined,
            )}
          </Field>
          {busy && (
            <div className="import-progress" role="status">
              <progress
                aria-label={busy === 'reading' ? 'Reading the file' : 'Importing the fills'}
                {...(loaded === undefined ? {} : { value: loaded })}
              />
              <small className="hint">
                {busy === 'reading' ? 'Reading the file…' : 'Importing the fills…'}
              </small>
            </div>
          )}
          {file && result && (
            <>
              <Field
                label="Format"
                hint={result.ok ? <small className="hint">Read as: {result.name}</small> : undefined}
              >
                {selectInput(format, (v) => setFormat(v as FormatChoice), FORMAT_OPTIONS)}
              </Field>
              {header || remap ? (
                <MappingForm
                  key={String(remap)}
                  header={header ?? savedMapping?.header ?? []}
                  initial={remap ? savedMapping : undefined}
                  onSave={keepMapping}
                />
              ) : result.ok ? (
                <>
                  {result.brokerAccount !== null && (
                    <Field
                      label="Account in the file"
                      hint={
                        <small className="hint">
                          This file holds several accounts: the fills of this one are imported
                        </small>
                      }
                    >
                      {selectInput(
                        result.brokerAccount,
                        setBrokerAccount,
                        result.brokerAccounts.map((a) => [a, a]),
                      )}
                    </Field>
                  )}
                  <ImportPreview preview={result} />
                  {result.format === 'mapped' && savedMapping && (
                    <button type="button" className="secondary outline" onClick={() => setRemap(true)}>
                      Change the column mapping
                    </button>
                  )}
                  <FormError message={failure} />
                  <FormActions
                    submitLabel={
                      balanceOnly
                        ? 'Update the balance'
                        : toAdd === 0
                          ? 'Nothing to import'
                          : `Import ${fills(toAdd)}`
                    }
                    onSubmit={() => void importIt()}
                    disabled={(toAdd === 0 && !balanceOnly) || busy !== undefined}
                    saving={busy === 'importing'}
                    onCancel={onClose}
                  />
                </>
              ) : null}
            </>
          )}
        </div>
      )}
    </Modal>
  );
}
