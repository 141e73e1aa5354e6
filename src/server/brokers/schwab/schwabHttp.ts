import { AccessTokenRejectedError, BrokerUnavailableError, ReauthRequiredError } from '../broker.ts';

/** Schwab allows 120 requests a minute per application, shared by all of its users. */
export const SCHWAB_REQUESTS_PER_MINUTE = 120;
const WINDOW_MS = 60_000;
const DEFAULT_BACKOFF_MS = 60_000;
const TIMEOUT_MS = 15_000;

export class SchwabNotFoundError extends BrokerUnavailableError {}

/** The request went out and no answer came (a timeout, a dropped connection): it may have arrived. */
export class SchwabNoAnswerError extends BrokerUnavailableError {}

/** An answer as it came, whatever its status: what an order call reads and logs. */
export interface SchwabAnswer {
  status: number;
  headers: Headers;
  /** The body as JSON; its text when it is not JSON; null when empty. */
  body: unknown;
}

export interface SchwabHttpOptions {
  baseUrl: string;
  now: () => Date;
  requestsPerMinute?: number;
  /** Runs before each request is admitted: the asking trader's share or the app's reserve (brokers/brokerAccess.ts). */
  gate?: () => void;
}

/**
 * Every request to Schwab goes through here: the app-wide rate limit (a sliding window), the
 * back-off after a 429, a timeout, and errors chosen by HTTP status, never by body text
 * (Schwab answers in three different error shapes).
 */
export function createSchwabHttp({
  baseUrl,
  now,
  requestsPerMinute = SCHWAB_REQUESTS_PER_MINUTE,
  gate = () => {},
}: SchwabHttpOptions) {
  const sent: number[] = [];
  let blockedUntil = 0;

  /** `alsoAdmit`: another count the request must pass (an order call's, schwabOrders.ts), asked last. */
  function admit(alsoAdmit?: () => void) {
    gate();
    const at = now().getTime();
    if (at < blockedUntil) {
      throw new BrokerUnavailableError(
        `Schwab asked us to slow down; retrying after ${new Date(blockedUntil).toISOString()}`,
      );
    }
    while (sent.length > 0 && (sent[0] as number) <= at - WINDOW_MS) sent.shift();
    if (sent.length >= requestsPerMinute) {
      throw new BrokerUnavailableError(`Schwab's limit of ${requestsPerMinute} requests a minute is reached`);
    }
    alsoAdmit?.();
    sent.push(at);
  }

  /** Admits and sends one request; a 429 sets the back-off and is answered as it came. */
  async function sendRaw(path: string, init: RequestInit, alsoAdmit?: () => void): Promise<Response> {
    admit(alsoAdmit);
    let res: Response;
    try {
      res = await fetch(`${baseUrl}${path}`, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
    } catch (error) {
      throw new SchwabNoAnswerError(`Schwab could not be reached: ${(error as Error).message}`);
    }
    if (res.status === 429) {
      const retryAfter = Number(res.headers.get('retry-after'));
      blockedUntil = now().getTime() + (retryAfter > 0 ? retryAfter * 1000 : DEFAULT_BACKOFF_MS);
    }
    return res;
  }

  async function send(path: string, init: RequestInit): Promise<Response> {
    const res = await sendRaw(path, init);
    if (res.status === 429) {
      await res.body?.cancel();
      throw new BrokerUnavailableError('Schwab rate limit exceeded (429)');
    }
    return res;
  }

  const describe = async (res: Response) => `${res.status} ${(await res.text()).slice(0, 200)}`;

  return {
    /** A Trader or Market Data API call with the access token. */
    async getJson<T>(path: string, accessToken: string): Promise<T> {
      const res = await send(path, {
        headers: { Authorization: `Bearer ${accessToken}`, Accept: 'application/json' },
      });
      if (res.ok) return (await res.json()) as T;
      const detail = await describe(res);
      if (res.status === 401)
        throw new AccessTokenRejectedError(`Schwab refused the access token: ${detail}`);
      if (res.status === 404)
        throw new SchwabNotFoundError(`Schwab found nothing at ${path.split('?')[0]}: ${detail}`);
      throw new BrokerUnavailableError(`Schwab answered ${detail}`);
    },

    /**
     * An order call (GET, POST with a JSON body, DELETE) with the access token: the answer as it
     * came, whatever its status, for the caller to read and log. Throws only when nothing was sent
     * (the rate limit, the trader's share, `alsoAdmit`'s refusal: BrokerUnavailableError) or no
     * answer came (SchwabNoAnswerError).
     */
    async request(
      method: string,
      path: string,
      accessToken: string,
      body?: unknown,
      alsoAdmit?: () => void,
    ): Promise<SchwabAnswer> {
      const res = await sendRaw(
        path,
        {
          method,
          headers: {
            Authorization: `Bearer ${accessToken}`,
            Accept: 'application/json',
            ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
          },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        },
        alsoAdmit,
      );
      let text: string;
      try {
        text = await res.text();
      } catch (error) {
        throw new SchwabNoAnswerError(`Schwab's answer broke off: ${(error as Error).message}`);
      }
      let parsed: unknown = null;
      if (text.length > 0) {
        try {
          parsed = JSON.parse(text);
        } catch {
          parsed = text;
        }
      }
      return { status: res.status, headers: res.headers, body: parsed };
    },

    /**
     * The OAuth token endpoint: Basic auth with the app's key and secret, form-encoded body.
     * A 4xx means the grant is refused (expired or used code, expired refresh token).
     */
    async token<T>(form: Record<string, string>, clientId: string, clientSecret: string): Promise<T> {
      const res = await send('/v1/oauth/token', {
        method: 'POST',
        headers: {
          Authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`,
          'Content-Type': 'application/x-www-form-urlencoded',
          Accept: 'application/json',
        },
        body: new URLSearchParams(form).toString(),
      });
      if (res.ok) return (await res.json()) as T;
      const detail = await describe(res);
      if (res.status >= 400 && res.status < 500)
        throw new ReauthRequiredError(`Schwab refused the grant: ${detail}`);
      throw new BrokerUnavailableError(`Schwab's token endpoint answered ${detail}`);
    },
  };
}

export type SchwabHttp = ReturnType<typeof createSchwabHttp>;
