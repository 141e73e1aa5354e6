import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeSchwab } from '../server/brokers/schwab/fakeSchwab.ts';
import { makeCertificate } from '../server/certificate.ts';
import { type AppServer, launchChromium, PHONE, pageHeading, screenshot, startAppServer } from './harness.ts';

/**
 * The product as a single trader runs it with Schwab: `npm start` with BROKER=schwab serving
 * https itself (TLS_CERT/TLS_KEY, a self-signed certificate made here), Schwab's endpoints
 * played by the fake on loopback. Chromium goes through the whole redirect dance.
 */
const CLIENT_ID = 'B'.repeat(32);
const CLIENT_SECRET = 'T'.repeat(16);

let certDir: string;
let fake: FakeSchwab;
let server: AppServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
  const { port } = probe.address() as { port: number };
  await new Promise((r) => probe.close(r));
  return port;
}

beforeAll(async () => {
  certDir = mkdtempSync(join(tmpdir(), 'tt-tls-'));
  const { certFile, keyFile } = makeCertificate(certDir);
  // Schwab's callback must be known before start: the port is chosen first.
  const port = await freePort();
  const callback = `https://127.0.0.1:${port}/api/v1/auth/callback`;
  fake = await new FakeSchwab(CLIENT_ID, CLIENT_SECRET, callback, () => new Date()).start();
  server = await startAppServer({
    PORT: String(port),
    BROKER: 'schwab',
    SCHWAB_CLIENT_ID: CLIENT_ID,
    SCHWAB_CLIENT_SECRET: CLIENT_SECRET,
    SCHWAB_CALLBACK_URL: callback,
    SCHWAB_BASE_URL: fake.url,
    MARKET_CYCLE_SYMBOL: '$SPX',
    TLS_CERT: certFile,
    TLS_KEY: keyFile,
  });
  browser = await launchChromium(['--ignore-certificate-errors']);
  context = await browser.newContext({ viewport: PHONE, ignoreHTTPSErrors: true });
  page = await context.newPage();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await fake?.stop();
  rmSync(certDir, { recursive: true, force: true });
});

describe('signing in with Schwab (fake) on https', () => {
  it('goes through the redirect dance and shows Schwab accounts and the market cycle', async () => {
    expect(server.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    await page.goto(server.url);
    await page.waitForURL(`${server.url}/dashboard`);
    await pageHeading(page, 'Dashboard').waitFor();

    expect(fake.tokenCalls('authorization_code')).toHaveLength(1);
    const authorize = fake.requests.find((r) => r.path === '/v1/oauth/authorize');
    expect(authorize?.query.get('redirect_uri')).toBe(`${server.url}/api/v1/auth/callback`);

    await page.getByText('Current Market Cycle:').waitFor();
    await page.getByRole('button', { name: /Individual .*account settings/ }).waitFor();
    const main = await page.locator('main').innerText();
    for (const text of ['Individual', 'Cash Trading', '$53,120.40', '$9,875.25', 'Uptrend', '$SPX']) {
      expect(main).toContain(text);
    }
    await screenshot(context, page, 'schwab-dashboard-phone');

    const cookie = (await context.cookies()).find((c) => c.name === '__Host-tt_session');
    expect(cookie).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Lax' });
  });

  it('never hands the broker tokens to the app', async () => {
    const seen = JSON.stringify(
      await page.evaluate(async () => {
        const answers = await Promise.all(
          ['/auth/status', '/accounts', '/market-cycle/current'].map((p) =>
            fetch(`/api/v1${p}`).then((r) => r.text()),
          ),
        );
        return { answers, storage: { ...localStorage }, session: { ...sessionStorage } };
      }),
    );
    for (const token of fake.issuedTokens()) expect(seen).not.toContain(token);
  });
});
