import { createRoot } from 'react-dom/client';

// Placeholder until the PWA issue: proves the build pipeline end to end.
createRoot(document.getElementById('root')!).render(<p>Trade Tracker</p>);
