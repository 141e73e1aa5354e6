import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };
export const screenshotDir = join(import.meta.dirname, '../../test-artifacts/screenshots');

export interface AppServer {
  url: string;
  dataDir: string;
  process: ChildProcess;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/** The product as `npm start` runs it: one process serving the built app and the API. */
export async function startAppServer(env: Record<string, string> = {}, dataDir?: string): Promise<AppServer> {
  const dir = dataDir ?? mkdtempSync(join(tmpdir(), 'tt-browser-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: join(import.meta.dirname, '../..'),
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dir, STATIC_DIR: 'dist', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Server did not start:\n${output}`)), 30_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(/running at (https?:\/\/[\d.]+:\d+)/);
      if (match) {
        clearTimeout(timer);
        resolve(match[1] as string);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (c: Buffer) => {
      output += c.toString();
    });
    child.on('exit', (code) => reject(new Error(`Server exited with ${code}:\n${output}`)));
  });
  return {
    url,
    dataDir: dir,
    process: child,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill(signal);
        await exited;
      }
      if (!dataDir) rmSync(dir, { recursive: true, force: true });
    },
  };
}

export function launchChromium(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: [...CHROMIUM_ARGS, ...extraArgs],
  });
}

/** Signs in through the demo broker's page, as a trader would, and lands on the Dashboard. */
export async function signInAs(page: Page, baseUrl: string, trader = 'Alex'): Promise<void> {
  await page.goto(baseUrl);
  await page.getByRole('button', { name: `Sign in as ${trader} (demo)` }).click();
  await page.waitForURL(`${baseUrl}/dashboard`);
  await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
}

export async function screenshot(context: BrowserContext, page: Page, name: string): Promise<void> {
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: join(screenshotDir, `${name}.png`), fullPage: true });
  void context;
}

/** What the app keeps in IndexedDB, table by table (row counts). */
export function indexedDbCounts(page: Page): Promise<Record<string, number>> {
  return page.evaluate(async () => {
    const dbs = await indexedDB.databases();
    if (!dbs.some((d) => d.name === 'trade-tracker')) return {};
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const req = indexedDB.open('trade-tracker');
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
    const counts: Record<string, number> = {};
    for (const name of Array.from(db.objectStoreNames)) {
      counts[name] = await new Promise<number>((resolve) => {
        const req = db.transaction(name).objectStore(name).count();
        req.onsuccess = () => resolve(req.result);
      });
    }
    db.close();
    return counts;
  });
}
