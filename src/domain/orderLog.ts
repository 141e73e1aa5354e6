// The order log (docs/product.md, "Orders"): every request to the broker about an order and its
// answer, as the server keeps them, and the same in words, one line per change, as the app shows
// it. Status reads every few seconds that say nothing new fold into the line before.

/** One request to the broker about an order and its answer, as the order log keeps it. */
export interface BrokerExchange {
  method: string;
  /** The path and query, without the host. */
  path: string;
  requestBody: unknown;
  /** null when no answer came (a timeout, a dropped connection). */
  status: number | null;
  responseBody: unknown;
  at: string;
}

/** One line of the log in words: what was asked, what came back, when, and the exchanges behind it. */
export interface OrderLogLine {
  /** "Order sent", "Status read", "Cancel sent", … */
  asked: string;
  /** "accepted (201)", "Working, 40 filled", "refused: Insufficient funds (400)", "no answer". */
  answer: string;
  /** The first and the last exchange's time: the same for a line of one. */
  from: string;
  to: string;
  exchanges: BrokerExchange[];
}

type Kind = 'place' | 'preview' | 'status' | 'recent' | 'cancel' | 'other';

/** What an exchange asked, from its method and path (Schwab's and the demo broker's paths alike). */
function kindOf(x: BrokerExchange): Kind {
  const path = x.path.split('?')[0] as string;
  if (/\/previewOrder$/i.test(path)) return 'preview';
  if (/\/orders$/.test(path)) return x.method === 'POST' ? 'place' : x.method === 'GET' ? 'recent' : 'other';
  if (/\/orders\/[^/]+$/.test(path)) {
    if (x.method === 'GET') return 'status';
    if (x.method === 'DELETE') return 'cancel';
  }
  return 'other';
}

const ASKED: Record<Kind, string> = {
  place: 'Order sent',
  preview: 'Preview asked',
  status: 'Status read',
  recent: "The account's recent orders read",
  cancel: 'Cancel sent',
  other: 'Request',
};

const record = (body: unknown): Record<string, unknown> =>
  typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};

/** A broker's status word as a trader reads it: "WORKING" → "Working", "PENDING_ACTIVATION" → "Pending activation". */
const statusWord = (s: string): string => {
  const spaced = s.replace(/_/g, ' ').trim();
  return spaced === spaced.toUpperCase()
    ? `${spaced.charAt(0)}${spaced.slice(1).toLowerCase()}`
    : spaced
        .replace(/([a-z])([A-Z])/g, '$1 $2')
        .replace(/ ([A-Z])/g, (_m, c: string) => ` ${c.toLowerCase()}`);
};

/** The broker's words for a refusal: its `message`, or its `errors`' first detail or title. */
function refusalText(body: unknown): string | undefined {
  if (typeof body === 'string' && body.trim() !== '') return body.trim().slice(0, 200);
  const b = record(body);
  if (typeof b.message === 'string' && b.message !== '') return b.message.slice(0, 200);
  const first = Array.isArray(b.errors) ? record(b.errors[0]) : {};
  const text = first.detail ?? first.title;
  return typeof text === 'string' && text !== '' ? text.slice(0, 200) : undefined;
}

/** What the answer said, in words. */
function answerOf(x: BrokerExchange, kind: Kind): string {
  if (x.status === null) return 'no answer';
  if (x.status >= 400) {
    const why = refusalText(x.responseBody);
    return why ? `refused: ${why} (${x.status})` : `refused (${x.status})`;
  }
  const body = record(x.responseBody);
  if (kind === 'status' && typeof body.status === 'string') {
    const filled = Number(body.filledQuantity);
    return Number.isFinite(filled) && filled > 0
      ? `${statusWord(body.status)}, ${filled} filled`
      : statusWord(body.status);
  }
  if (kind === 'recent' && Array.isArray(x.responseBody)) {
    const n = x.responseBody.length;
    return `${n} ${n === 1 ? 'order' : 'orders'} (${x.status})`;
  }
  return `${kind === 'other' ? 'answered' : 'accepted'} (${x.status})`;
}

/**
 * The log in words, oldest first, one line per change: consecutive status reads with the same
 * answer are one line ("Status read 12 times"), any other exchange a line of its own.
 */
export function orderLogLines(exchanges: readonly BrokerExchange[]): OrderLogLine[] {
  const lines: OrderLogLine[] = [];
  for (const x of exchanges) {
    const kind = kindOf(x);
    const asked = kind === 'other' ? `${x.method} ${x.path.split('?')[0]}` : ASKED[kind];
    const answer = answerOf(x, kind);
    const last = lines[lines.length - 1];
    if (kind === 'status' && last && last.asked === asked && last.answer === answer) {
      last.to = x.at;
      last.exchanges.push(x);
      continue;
    }
    lines.push({ asked, answer, from: x.at, to: x.at, exchanges: [x] });
  }
  return lines;
}
