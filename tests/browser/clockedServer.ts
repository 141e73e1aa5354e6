// The product as src/server/main.ts starts it, on a clock the test sets: a browser test sees
// prices move through a session whatever the hour it runs at (tests/browser/pricesMove.test.ts).
// The clock starts at CLOCK_START and runs at real speed; a message `{ clock: ISO }` sets it.
import { loadConfig } from '../../src/server/config.ts';
import { startServer } from '../../src/server/server.ts';

let offsetMs = Date.parse(process.env.CLOCK_START ?? '') - Date.now();
if (!Number.isFinite(offsetMs)) throw new Error('CLOCK_START must be an ISO time');
const config = loadConfig();
const server = await startServer({ config, now: () => new Date(Date.now() + offsetMs) });

process.on('message', (message: { clock?: string }) => {
  if (typeof message.clock !== 'string') return;
  offsetMs = Date.parse(message.clock) - Date.now();
  process.send?.({ clock: message.clock });
});
process.on('SIGTERM', () => {
  void server.close().then(() => process.exit(0));
});
console.log(`Trade Tracker is running at ${server.url} (clocked, ${config.broker} broker)`);
