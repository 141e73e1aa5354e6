import { useEffect, useState } from 'react';
import { orderTexts } from '../../domain/messages.ts';
import { type BrokerExchange, orderLogLines } from '../../domain/orderLog.ts';
import { errorMessage } from '../api/http.ts';
import { orderLog } from '../serverData/orders.ts';

const logTime = (at: string) =>
  new Date(at).toLocaleTimeString([], { hour: 'numeric', minute: '2-digit', second: '2-digit' });

const bodyText = (body: unknown): string => (typeof body === 'string' ? body : JSON.stringify(body, null, 2));

/**
 * The order's requests to the broker and its answers, read when the disclosure opens (online
 * only): in words, one line per change (the domain's `orderLogLines`), each line's raw requests
 * and answers behind a disclosure of its own.
 */
export function OrderLog({
  orderId,
  updatedAt,
  offline,
}: {
  orderId: string;
  updatedAt: string;
  offline: boolean;
}) {
  const [open, setOpen] = useState(false);
  const [log, setLog] = useState<{ exchanges?: BrokerExchange[]; error?: string }>({});
  useEffect(() => {
    // Read again when the order changes: a newer state may have brought more of its log.
    if (!open || offline || updatedAt === '') return;
    let live = true;
    orderLog(orderId).then(
      (exchanges) => live && setLog({ exchanges }),
      (e: unknown) => live && setLog({ error: errorMessage(e, orderTexts.logFailed) }),
    );
    return () => {
      live = false;
    };
  }, [open, offline, orderId, updatedAt]);
  return (
    <details className="order-log" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>Order log</summary>
      {offline ? (
        <p className="muted">{orderTexts.logOffline}</p>
      ) : log.error ? (
        <p className="form-error">{log.error}</p>
      ) : log.exchanges === undefined ? (
        <p aria-busy="true" />
      ) : log.exchanges.length === 0 ? (
        <p className="muted">{orderTexts.logEmpty}</p>
      ) : (
        <ol>
          {orderLogLines(log.exchanges).map((line) => (
            <li key={`${line.from}|${line.asked}`}>
              <p>
                <small className="muted">
                  {logTime(line.from)}
                  {line.to !== line.from && `–${logTime(line.to)}`}
                </small>{' '}
                {line.asked}
                {line.exchanges.length > 1 && ` ${line.exchanges.length} times`} →{' '}
                <strong>{line.answer}</strong>
              </p>
              <details className="log-raw">
                <summary>What was sent and answered</summary>
                {line.exchanges.map((x, i) => (
                  // One line's exchanges never change once read: a position is their identity.
                  // biome-ignore lint/suspicious/noArrayIndexKey: see above
                  <div key={i}>
                    <p>
                      {x.method} {x.path} → {x.status ?? 'no answer'}{' '}
                      <small className="muted">{logTime(x.at)}</small>
                    </p>
                    {x.requestBody !== null && x.requestBody !== undefined && (
                      <>
                        <p className="log-label">Sent</p>
                        <pre>{bodyText(x.requestBody)}</pre>
                      </>
                    )}
                    {x.responseBody !== null && x.responseBody !== undefined && (
                      <>
                        <p className="log-label">Answer</p>
                        <pre>{bodyText(x.responseBody)}</pre>
                      </>
                    )}
                  </div>
                ))}
              </details>
            </li>
          ))}
        </ol>
      )}
    </details>
  );
}
