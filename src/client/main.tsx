import '@picocss/pico/css/pico.min.css';
import './app/base.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { db, fitShapeWith, ofCacheShape } from './db/db.ts';
import { startServiceWorker } from './pwa/serviceWorker.ts';
import { prefetchAuthStatus } from './serverData/session.ts';

// Both start before React's first render: the render's own queries would otherwise open the
// database only after it, and on a first visit creating it takes hundreds of milliseconds.
prefetchAuthStatus();
// A cache of another shape is fitted before any query; the fitting is loaded only then.
fitShapeWith(async (database) => {
  if (!(await ofCacheShape(database))) await (await import('./db/cachedDefaults.ts')).fitToShape(database);
});
db.open().catch(() => {}); // a failure resurfaces, with its cause, on the first query
// Scroll memory serves the first Back, never the first paint: it loads after the entry.
void import('./app/scrollMemory.ts').then((m) => m.startScrollMemory());
// On a phone, evaluating the app's modules is one long task already (index.html has painted the
// frame, nothing waits on it): React starts in a task of its own, and renders as a transition, in
// slices with yields between them, where an urgent first render is one more long task. (Not a
// top-level await: the bundler then splits the entry into a dozen chunks, heavier in all.)
setTimeout(() => {
  const root = createRoot(document.getElementById('root')!);
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
  startServiceWorker();
}, 0);
