import { readFileSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { defineConfig, type Plugin } from 'vitest/config';
import { appShellHtml } from './src/client/app/appShell.ts';

// manifest.webmanifest at the top level is the source of truth; the plugin emits and precaches it.
const manifest = JSON.parse(readFileSync(new URL('./manifest.webmanifest', import.meta.url), 'utf8'));

/**
 * The app's frame written into index.html (src/client/app/appShell.ts): it paints with the HTML and
 * the stylesheet, and React replaces it with the same frame once the script runs.
 */
const appShell = (): Plugin => ({
  name: 'app-shell',
  transformIndexHtml: (html) =>
    html.replace('<div id="root"></div>', `<div id="root">${appShellHtml(new Date().getFullYear())}</div>`),
});

export default defineConfig({
  plugins: [
    react(),
    appShell(),
    VitePWA({
      // 'prompt': a waiting version is announced, never forced on a trader mid-form.
      registerType: 'prompt',
      injectRegister: false,
      manifest,
      includeAssets: ['favicon.svg', 'favicon.ico', 'apple-touch-icon-180x180.png'],
      workbox: {
        // Web Push: show each alert, and open its plan on a tap (public/push-sw.js).
        importScripts: ['push-sw.js'],
        navigateFallback: 'index.html',
        navigateFallbackDenylist: [/^\/api\//, /^\/healthz/],
        globPatterns: ['**/*.{js,css,html,svg,png,ico,webmanifest}'],
        runtimeCaching: [
          {
            // The last market cycle answer stands in when the network fails; Dexie owns the rest.
            urlPattern: ({ url }) => url.pathname === '/api/v1/market-cycle/current',
            handler: 'NetworkFirst',
            options: {
              cacheName: 'market-cycle',
              networkTimeoutSeconds: 4,
              cacheableResponse: { statuses: [200] },
              expiration: { maxEntries: 1 },
            },
          },
        ],
      },
    }),
  ],
  root: '.',
  build: { outDir: 'dist', sourcemap: false },
  server: { proxy: { '/api': 'http://127.0.0.1:8080' } },
  // CI has 2 cores, and Vitest's default is one worker fewer than the cores: the node suites
  // run two files at a time, then the browser files (each a server and a Chromium) after them.
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'domain',
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
          environment: 'node',
          include: ['tests/domain/**/*.test.ts', 'tests/*.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          // On PostgreSQL one file at a time: the delta sync's cursor is the cluster's oldest open
          // transaction (docs/architecture.md, "The sync protocol"), so another file's writes
          // would make a quiet sync re-read rows. Each PGlite file is a database of its own.
          maxWorkers: process.env.TEST_DATABASE_URL ? 1 : 2,
          sequence: { groupOrder: 0 },
          environment: 'node',
          include: ['tests/server/**/*.test.ts'],
          globalSetup: ['tests/server/globalSetup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'client',
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
          environment: 'jsdom',
          include: ['tests/client/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/client/setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
          environment: 'node',
          include: ['tests/browser/**/*.test.ts'],
          globalSetup: ['tests/browser/globalSetup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
