import { execFileSync } from 'node:child_process';

/** Browser tests run against the production build, never the dev server: only the build has the service worker. */
export default function setup() {
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
}
