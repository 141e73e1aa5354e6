import { applyTradeUpdate } from '../../domain/tradeAnnotation.ts';
import type { Trade, TradeUpdate } from '../../domain/types.ts';
import { rebuildTrades } from '../db/rebuildTrades.ts';
import { resourceWrites } from '../sync/changes.ts';

const trades = resourceWrites<Trade>({
  collection: 'trades',
  path: '/trades',
  noun: 'trade',
  // A new link can leave a plan done, or done no more: the rebuild marks its plans as the server would.
  afterLocalChange: () => rebuildTrades(),
});

/** Links or unlinks a plan, sets the initial stop and the notes: "Update trade AAPL". */
export const updateTrade = (trade: Trade, update: TradeUpdate) =>
  trades.update(trade, update, trade.symbol, () => applyTradeUpdate(trade, update));
