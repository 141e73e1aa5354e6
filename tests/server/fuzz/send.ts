import { MAX_BODY_BYTES } from '../../../src/server/http/body.ts';
import type { Client } from '../harness.ts';

/** One request of the fuzz: a body as JSON text (or none), sent as it is. */
export interface FuzzRequest {
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  payload?: string;
  /** Headers besides the body's type (a placement's Idempotency-Key). */
  headers?: Record<string, string>;
}

/** Sends one request; answers its status and what is wrong with the answer, if anything. */
export async function send(client: Client, call: FuzzRequest): Promise<{ status: number; problem?: string }> {
  const payload = call.payload;
  const what = (status: number) =>
    `${status} ${call.method} ${call.path.slice(0, 80)} ${(payload ?? '').slice(0, 200)}`;
  const request = () =>
    client.call(
      call.method,
      call.path,
      undefined,
      payload === undefined
        ? { headers: call.headers }
        : { body: payload, headers: { 'Content-Type': 'application/json', ...call.headers } },
    );
  let res: Response;
  try {
    // A kept-alive connection the server closes just as a request goes out breaks that request
    // (a known race of HTTP keep-alive, not an answer): it is sent once more.
    res = await request().catch(request);
  } catch (error) {
    // Over 1 MB the server answers 413 and closes without reading the rest: the upload may break.
    if (payload !== undefined && Buffer.byteLength(payload) > MAX_BODY_BYTES) return { status: 413 };
    return { status: 0, problem: `${(error as Error).message}: ${what(0)}` };
  }
  const text = await res.text();
  const { status } = res;
  if (status >= 500) return { status, problem: what(status) };
  if (!res.headers.get('content-type')?.includes('application/json')) {
    return { status, problem: `not JSON: ${what(status)}` };
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { status, problem: `unparsable: ${what(status)}` };
  }
  if (status >= 400 && typeof (parsed as { message?: unknown })?.message !== 'string') {
    return { status, problem: `no message: ${what(status)}` };
  }
  return { status };
}

/** Sends every request, `concurrency` at a time; answers the problems and the count of each status. */
export async function sendAll(
  client: Client,
  calls: readonly FuzzRequest[],
  concurrency: number,
): Promise<{ problems: string[]; statuses: Map<number, number> }> {
  const problems: string[] = [];
  const statuses = new Map<number, number>();
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < calls.length) {
        const { status, problem } = await send(client, calls[next++] as FuzzRequest);
        if (problem) problems.push(problem);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
    }),
  );
  return { problems, statuses };
}

/** "200: 12, 400: 30": the statuses counted, in order. */
export const statusCounts = (statuses: Map<number, number>): string =>
  [...statuses]
    .sort(([a], [b]) => a - b)
    .map(([s, n]) => `${s}: ${n}`)
    .join(', ');
