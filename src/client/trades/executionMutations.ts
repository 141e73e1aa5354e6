import { newExecution } from '../../domain/executions.ts';
import { messages } from '../../domain/messages.ts';
import type { Execution, ExecutionInput } from '../../domain/types.ts';
import { RefusedLocally } from '../api/http.ts';
import { rebuildTrades } from '../db/rebuildTrades.ts';
import { resourceWrites } from '../sync/changes.ts';

const fills = resourceWrites<Execution>({
  collection: 'executions',
  path: '/executions',
  noun: 'fill',
  createVerb: 'Record',
  // Offline the server cannot rebuild the trades: the app does, with the same function.
  afterLocalChange: () => rebuildTrades(),
});

/** Records a manual fill: "Record fill AAPL". */
export function recordFill(input: ExecutionInput) {
  const id = crypto.randomUUID();
  return fills.create({ ...input, id }, input.symbol, (createdAt) => newExecution(input, { id, createdAt }));
}

/** Deletes a manual fill; the broker's fills are its record of what happened, never ours to drop. */
export function deleteFill(fill: Execution) {
  if (fill.source === 'broker')
    return Promise.reject(new RefusedLocally(messages.brokerExecutionNotDeletable));
  return fills.remove(fill, fill.symbol);
}
