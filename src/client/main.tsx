import '@picocss/pico/css/pico.min.css';
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { prefetchAuthStatus } from './auth/session.ts';
import { db } from './db/db.ts';
import { startServiceWorker } from './pwa/serviceWorker.ts';

// Both start before React's first render: the render's own queries would otherwise open the
// database only after it, and on a first visit creating it takes hundreds of milliseconds.
prefetchAuthStatus();
db.open().catch(() => {}); // a failure resurfaces, with its cause, on the first query
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

startServiceWorker();
