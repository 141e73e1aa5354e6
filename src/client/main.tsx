import '@picocss/pico/css/pico.min.css';
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { prefetchAuthStatus } from './auth/session.ts';
import { startServiceWorker } from './pwa/serviceWorker.ts';

prefetchAuthStatus();
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

startServiceWorker();
