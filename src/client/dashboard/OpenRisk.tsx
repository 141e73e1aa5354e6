import { DEFAULT_HEAT_LIMIT_PERCENT } from '../../domain/constants.ts';
import { formatMoney, formatPercent } from '../../domain/format.ts';
import { type AccountHeat, accountHeat, type HeatLevel } from '../../domain/heat.ts';
import type { LiveAccount } from '../../domain/types.ts';
import { useAccountsCollection, useActivePlans, useTrades } from '../ui/cacheReads.ts';

/** The state in words, so the colour is never the only sign of it. */
const LEVEL_TEXT: Readonly<Record<HeatLevel, string>> = {
  ok: 'Within the limit',
  warning: 'Near the limit',
  over: 'Over the limit',
};

const withPercent = (amount: number, percent: number | null) =>
  percent === null ? formatMoney(amount) : `${formatMoney(amount)} (${formatPercent(percent)})`;

const withoutStopText = (count: number) =>
  count === 1 ? '1 open trade without a stop' : `${count} open trades without a stop`;

/** How full the meter is: full at the limit, and full whenever the heat is over it. */
function meterShare(heat: AccountHeat, limit: number): number {
  if (heat.heatPercent === null || limit <= 0) return heat.level === 'over' ? 1 : 0;
  return Math.min(1, heat.heatPercent / limit);
}

/** One account's heat: both sums, the meter against the limit, and what it leaves out. */
function HeatCard({ account, heat, limit }: { account: LiveAccount; heat: AccountHeat; limit: number }) {
  const heatText =
    heat.heatPercent === null
      ? 'Heat unknown: no balance to measure it against'
      : `Heat ${formatPercent(heat.heatPercent)} of ${formatPercent(limit)} limit`;
  // A meter needs a range: a limit of 0 gets one of 1, full or empty.
  const scale = limit > 0 ? limit : 1;
  return (
    <article className={`heat-card heat-${heat.level}`}>
      <h3>{account.accountName}</h3>
      <p className="heat-sums">
        <span>Open {withPercent(heat.openRisk, heat.openRiskPercent)}</span>
        <span>Planned {withPercent(heat.plannedRisk, heat.plannedRiskPercent)}</span>
      </p>
      <meter
        className="heat-meter"
        aria-label={`Heat of ${account.accountName}`}
        aria-valuetext={`${heatText}: ${LEVEL_TEXT[heat.level].toLowerCase()}`}
        min={0}
        max={scale}
        value={meterShare(heat, limit) * scale}
      />
      <p className="heat-state">
        {heatText} · <strong>{LEVEL_TEXT[heat.level]}</strong>
      </p>
      {heat.openWithoutStop > 0 && (
        <p className="heat-without-stop">{withoutStopText(heat.openWithoutStop)}</p>
      )}
    </article>
  );
}

/**
 * What each account stands to lose if every open trade and every active plan not yet traded hit
 * its stop, against its heat limit. Computed here with the server's own function over the cache,
 * so it shows offline and the moment a fill or a plan changes.
 */
export function OpenRisk() {
  const accounts = useAccountsCollection();
  const trades = useTrades();
  // Only the active plans count.
  const plans = useActivePlans();
  const ready = !accounts.loading && trades !== undefined && plans !== undefined;

  return (
    <section className="open-risk" aria-labelledby="open-risk-title">
      <h2 id="open-risk-title">Open Risk</h2>
      {!ready ? (
        // Two placeholder cards, as most traders have two accounts: the cards below do not jump.
        <div className="heat-cards" role="status" aria-busy="true" aria-label="Loading">
          <article className="heat-card" aria-hidden="true" />
          <article className="heat-card" aria-hidden="true" />
        </div>
      ) : accounts.rows.length === 0 ? (
        <p className="muted">No accounts yet.</p>
      ) : (
        <div className="heat-cards">
          {accounts.rows.map((account) => {
            const limit = account.heatLimit ?? DEFAULT_HEAT_LIMIT_PERCENT;
            const heat = accountHeat({ ...account, heatLimit: limit }, trades, plans);
            return <HeatCard key={account.id} account={account} heat={heat} limit={limit} />;
          })}
        </div>
      )}
    </section>
  );
}
