import { lazy, Suspense, useState } from 'react';
import {
  accountTotals,
  investedAmount,
  investedPercentage,
  isLoss,
  isProfit,
  totalPnL,
  totalPnLPercentage,
} from '../../domain/accounts.ts';
import { formatMoney, formatPercent } from '../../domain/format.ts';
import type { LiveAccount } from '../../domain/types.ts';
import { useAccountsCollection } from '../ui/cacheReads.ts';
import { PendingMark } from '../ui/PendingMark.tsx';
import { TableHead } from '../ui/TableHead.tsx';
import '../ui/table.css';

// The settings dialog (and the shared Modal) loads on first open: the Dashboard is the landing
// page and most visits never open it.
const AccountSettingsDialog = lazy(() =>
  import('./AccountSettingsDialog.tsx').then((m) => ({ default: m.AccountSettingsDialog })),
);
const AddAccountDialog = lazy(() =>
  import('./AddAccountDialog.tsx').then((m) => ({ default: m.AddAccountDialog })),
);

type Balances = Pick<LiveAccount, 'currentBalance' | 'originalBalance'>;
const pnlClass = (a: Balances) => (isProfit(a) ? 'positive' : isLoss(a) ? 'negative' : undefined);

function PnL({ of, pnl, percent }: { of: Balances; pnl: number; percent: number }) {
  return (
    <span className={pnlClass(of)}>
      {formatMoney(pnl)} ({formatPercent(percent)})
    </span>
  );
}

/** The trader's limits for the account, which the settings dialog edits. */
function RiskSettings({ account }: { account: LiveAccount }) {
  return (
    <small className="risk-settings">
      <span>Capital risk {formatPercent(account.capitalRisk)}</span>
      <span>Max trade risk {formatPercent(account.maxTradeRisk)}</span>
      <span>Scale-out {account.scaleOutFactor}</span>
      {account.dailyLossLimit != null && (
        <span>
          Daily loss limit{' '}
          {account.dailyLossLimitUnit === 'Percent'
            ? formatPercent(account.dailyLossLimit)
            : formatMoney(account.dailyLossLimit)}
        </span>
      )}
      {account.maxNewTradesPerDay != null && <span>Max {account.maxNewTradesPerDay} new trades a day</span>}
      {account.ordersAllowed === true && <span>Orders on</span>}
    </small>
  );
}

export function AccountSummary() {
  const { rows, loading, error } = useAccountsCollection();
  const [editing, setEditing] = useState<LiveAccount>();
  const [adding, setAdding] = useState(false);
  const totals = accountTotals(rows);

  if (loading) return <AccountTableSkeleton />;
  if (error && rows.length === 0) {
    return (
      <article className="error-card" role="alert">
        <h3>Error Loading Accounts</h3>
        <p>{error}</p>
      </article>
    );
  }
  return (
    <>
      <div className="table-wrap">
        <table className="stack-on-phone accounts-table">
          <AccountTableHead />
          <tbody>
            {rows.map((a) => {
              return (
                <tr key={a.id}>
                  <th scope="row" data-label="Account">
                    <button
                      type="button"
                      className="link-button account-settings-button"
                      onClick={() => setEditing(a)}
                    >
                      {/* Its name is its visible text (WCAG 2.5.3: a speech user says what they see). */}
                      {a.accountName}
                      <small className="muted"> {a.accountNumber}</small>
                      {/* An account added by hand: its balance is the trader's own figure. */}
                      {a.source === 'manual' && <small className="manual-badge"> Manual</small>}
                      <span className="visually-hidden">: account settings</span>
                      <span className="settings-hint" aria-hidden="true">
                        Settings ›
                      </span>
                    </button>
                    <PendingMark row={a} />
                    <RiskSettings account={a} />
                  </th>
                  <td data-label="Original Balance">{formatMoney(a.originalBalance)}</td>
                  <td data-label="Balance">{formatMoney(a.currentBalance)}</td>
                  <td data-label="Invested">{formatMoney(investedAmount(a))}</td>
                  <td data-label="Free">{formatMoney(a.availableFundsForTrading)}</td>
                  <td data-label="Invested %">{formatPercent(investedPercentage(a))}</td>
                  <td data-label="P&L">
                    <PnL of={a} pnl={totalPnL(a)} percent={totalPnLPercentage(a)} />
                  </td>
                </tr>
              );
            })}
          </tbody>
          <tfoot>
            <tr className="total-row">
              <th scope="row" data-label="Account">
                Total
              </th>
              <td data-label="Original Balance">{formatMoney(totals.originalBalance)}</td>
              <td data-label="Balance">{formatMoney(totals.currentBalance)}</td>
              <td data-label="Invested">{formatMoney(totals.invested)}</td>
              <td data-label="Free">{formatMoney(totals.free)}</td>
              <td data-label="Invested %">{formatPercent(totals.investedPercentage)}</td>
              <td data-label="P&L">
                <PnL of={totals} pnl={totals.pnl} percent={totals.pnlPercentage} />
              </td>
            </tr>
          </tfoot>
        </table>
      </div>
      {/* The Dashboard's P&L and Review's measure different things: say which this is. */}
      <p className="muted table-note">
        P&amp;L is each balance against its original balance (set in the account's settings). What your closed
        trades made is on Review.
      </p>
      <button type="button" className="secondary add-account" onClick={() => setAdding(true)}>
        Add an account
      </button>
      {editing && (
        <Suspense fallback={null}>
          <AccountSettingsDialog account={editing} onClose={() => setEditing(undefined)} />
        </Suspense>
      )}
      {adding && (
        <Suspense fallback={null}>
          <AddAccountDialog onClose={() => setAdding(false)} />
        </Suspense>
      )}
    </>
  );
}

const COLUMNS = ['Account', 'Original Balance', 'Balance', 'Invested', 'Free', 'Invested %', 'P&L'];

const AccountTableHead = () => <TableHead columns={COLUMNS} />;

/**
 * The table itself with placeholder cells (two accounts and the Total row, as most traders
 * have): when the balances arrive the page below does not jump (layout shift).
 */
function AccountTableSkeleton() {
  return (
    <div className="table-wrap" role="status" aria-busy="true" aria-label="Loading">
      <table className="stack-on-phone accounts-table" aria-hidden="true">
        <AccountTableHead />
        <tbody>
          {['first', 'second', 'total'].map((row) => (
            <tr key={row}>
              {COLUMNS.map((c) => (
                <td key={c} data-label={c}>
                  <span className="skeleton-text" />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
