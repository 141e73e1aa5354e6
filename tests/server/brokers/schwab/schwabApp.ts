import type { Broker, BrokerTokens } from '../../../../src/server/brokers/broker.ts';
import type { SchwabBrokerOptions } from '../../../../src/server/brokers/schwab/schwabBroker.ts';
import { FakeSchwab } from './fakeSchwab.ts';

// The app as registered with the fake Schwab, for every test that runs the real SchwabBroker or
// the real server with BROKER=schwab against it: one registration, so a test names only its clock.
export const CALLBACK = 'https://127.0.0.1:8443/api/v1/auth/callback';
export const CLIENT_ID = 'A'.repeat(32);
export const CLIENT_SECRET = 'S'.repeat(16);

/** The fake, started and knowing the app, on the clock `now`. */
export const startFakeSchwab = (now: () => Date): Promise<FakeSchwab> =>
  new FakeSchwab(CLIENT_ID, CLIENT_SECRET, CALLBACK, now).start();

/** The server's environment for BROKER=schwab against `fake` (the market cycle read of $SPX). */
export const schwabEnv = (fake: FakeSchwab): Record<string, string> => ({
  BROKER: 'schwab',
  SCHWAB_CLIENT_ID: CLIENT_ID,
  SCHWAB_CLIENT_SECRET: CLIENT_SECRET,
  SCHWAB_CALLBACK_URL: CALLBACK,
  SCHWAB_BASE_URL: fake.url,
  MARKET_CYCLE_SYMBOL: '$SPX',
});

/** The real SchwabBroker's options against `fake`, on the clock `now`. */
export const schwabOptions = (
  fake: FakeSchwab,
  now: () => Date,
  more: Partial<SchwabBrokerOptions> = {},
): SchwabBrokerOptions => ({
  clientId: CLIENT_ID,
  clientSecret: CLIENT_SECRET,
  callbackUrl: CALLBACK,
  baseUrl: fake.url,
  now,
  ...more,
});

/** Signs in through the fake's approval (its first login): the tokens the code exchange gives. */
export async function signInVia(via: Broker): Promise<BrokerTokens> {
  const approved = await fetch(via.authorizeUrl('state', CALLBACK), { redirect: 'manual' });
  const code = new URL(approved.headers.get('location') as string).searchParams.get('code') as string;
  return (await via.exchangeCode(code, CALLBACK)).tokens;
}
