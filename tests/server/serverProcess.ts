import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';

const repoRoot = join(import.meta.dirname, '..', '..');

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Everything the process printed, for failure messages. */
  output(): string;
  /** Sends the signal and resolves with the exit code (null when killed by a signal). */
  stop(signal: NodeJS.Signals): Promise<number | null>;
}

/**
 * Runs `src/server/main.ts` as its own process, exactly as `npm start` does after the build,
 * and resolves once it prints its URL. Crash tests need a real process to SIGKILL. Another
 * `entry` (a test's own start, with `ipc` to talk to it) runs the same way.
 */
export async function spawnServer(
  env: Record<string, string>,
  { entry = 'src/server/main.ts', ipc = false } = {},
): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      HOST: '127.0.0.1',
      PORT: '0',
      STATIC_DIR: join(repoRoot, 'no-such-folder'),
      ...env,
    },
    stdio: ipc ? ['ignore', 'pipe', 'pipe', 'ipc'] : ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => {
    output += d.toString();
  });
  child.stderr?.on('data', (d: Buffer) => {
    output += d.toString();
  });
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Server did not start:\n${output}`)), 30_000);
    const onData = () => {
      const match = /running at (https?:\/\/\S+) /.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1].replace('localhost', '127.0.0.1'));
      }
    };
    child.stdout?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Server exited with ${code}:\n${output}`));
    });
  });
  return {
    url,
    child,
    output: () => output,
    async stop(signal) {
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
      const exited = once(child, 'exit');
      child.kill(signal);
      const [code] = await exited;
      return code as number | null;
    },
  };
}
