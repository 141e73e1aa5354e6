import { formatMoney, formatPrice, formatR, formatSignedMoney } from '../../domain/format.ts';
import { instrumentLabel } from '../../domain/optionContract.ts';
import { openTradePnl, type Quote } from '../../domain/quotes.ts';
import { statusBadgeColor } from '../../domain/tradePlans.ts';
import type { Trade, TradePlan } from '../../domain/types.ts';
import { Badge } from '../ui/Badge.tsx';
import { FactCell } from '../ui/ListPage.tsx';
import { PendingMark } from '../ui/PendingMark.tsx';
import { TradeLabels } from './LabelInput.tsx';
import { ShortDate } from './ShortDate.tsx';

export const INCOMPLETE_TEXT = 'Incomplete: opening fill not in history';

/**
 * Why a trade is left out of R: its entry's cost is unknown (the opening fill is older than the
 * history held, or shares came in by a transfer without a cost), or, its entry known, shares moved
 * outside the history (transferred out, or a split that does not fit the shares held).
 */
export const incompleteText = (trade: Trade): string =>
  trade.averageEntryPrice === null
    ? INCOMPLETE_TEXT
    : 'Incomplete: part of the position is outside this history';

const money = (amount: number | null) => (amount === null ? '—' : formatMoney(amount));
const price = (amount: number | null) => (amount === null ? '—' : formatPrice(amount));
const tone = (amount: number | null) =>
  amount === null || amount === 0 ? undefined : amount > 0 ? 'positive' : 'negative';

/** The plan a trade is linked to: its stock and status, or "Unplanned". */
export function PlanLabel({ plan }: { plan: TradePlan | undefined }) {
  if (!plan) return <>Unplanned</>;
  return (
    <>
      {plan.stock} <Badge color={statusBadgeColor(plan.status)}>{plan.status}</Badge>
    </>
  );
}

interface TradeCellsProps {
  trade: Trade;
  plan: TradePlan | undefined;
  /** The symbol's last price: an open trade shows what its shares would make at it. */
  quote?: Quote | undefined;
  onOpen: (trade: Trade) => void;
}

/** "Unrealised +$100.00 · +2.00R at $110.00": an open trade's shares at the last price. */
function Unrealised({ trade, quote }: { trade: Trade; quote: Quote }) {
  const open = openTradePnl(trade, quote.last);
  if (open === null) return null;
  return (
    <small className={`unrealised ${tone(open.pnl) ?? ''}`.trim()}>
      Unrealised {formatSignedMoney(open.pnl)}
      {open.r !== null && ` · ${formatR(open.r)}`} at {formatPrice(quote.last)}
    </small>
  );
}

/** A trade's cells in the Trades table; the symbol opens its details. */
export function TradeCells({ trade, plan, quote, onOpen }: TradeCellsProps) {
  const partlyClosed = trade.closedAt === null && trade.openQuantity !== trade.entryQuantity;
  return (
    <>
      <th scope="row" data-label="Symbol">
        <button type="button" className="link-button" onClick={() => onOpen(trade)}>
          {instrumentLabel(trade)}
        </button>
        <PendingMark row={trade} />
        <TradeLabels tags={trade.tags} mistakes={trade.mistakes} />
        {trade.incomplete && <small className="incomplete-mark">{incompleteText(trade)}</small>}
      </th>
      <FactCell label="Account">{trade.accountName}</FactCell>
      <td data-label="Direction">{trade.direction}</td>
      <FactCell label="Opened">
        <ShortDate at={trade.openedAt} />
      </FactCell>
      <FactCell label="Closed">
        {trade.closedAt === null ? <Badge color="blue">Open</Badge> : <ShortDate at={trade.closedAt} />}
        {trade.closedBy && <small> {trade.closedBy}</small>}
      </FactCell>
      <FactCell label="Qty">
        {trade.entryQuantity}
        {partlyClosed && <small> ({trade.openQuantity} open)</small>}
      </FactCell>
      <FactCell label="Entry">{price(trade.averageEntryPrice)}</FactCell>
      <FactCell label="Exit">{price(trade.averageExitPrice)}</FactCell>
      <td data-label="Net P&L" className={tone(trade.netPnl)}>
        {money(trade.netPnl)}
        {trade.closedAt === null && quote && <Unrealised trade={trade} quote={quote} />}
      </td>
      <td data-label="R" className={tone(trade.rMultiple)}>
        {/* An open trade has no R yet; a closed one without a stop shows that it has none. */}
        {trade.rMultiple !== null ? formatR(trade.rMultiple) : trade.closedAt === null ? '' : '—'}
      </td>
      <td data-label="Plan">
        <PlanLabel plan={plan} />
      </td>
    </>
  );
}
