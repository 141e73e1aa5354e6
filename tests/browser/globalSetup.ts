import { execFileSync } from 'node:child_process';

/** Browser tests run against the production build, never the dev server: only the build has the service worker. */
export default function setup() {
  // Vitest sets NODE_ENV to 'test', and a build that inherits it bundles React's development
  // build (about 190 KB more, and slower): the tests must drive what `npm start` serves.
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
}
