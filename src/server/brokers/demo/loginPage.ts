import { DEMO_TRADERS } from './demoTraders.ts';

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] as string,
  );

/** The demo broker's sign-in page: one form per paper trader, no script (the CSP allows none). */
export function demoLoginPage(state: string, callbackUrl: string): string {
  const forms = DEMO_TRADERS.map(
    (t) => `<form method="get" action="${escapeHtml(callbackUrl)}">
      <input type="hidden" name="code" value="${escapeHtml(t.id)}">
      <input type="hidden" name="state" value="${escapeHtml(state)}">
      <button type="submit">Sign in as ${escapeHtml(t.displayName)}</button>
    </form>`,
  ).join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Demo Broker — Sign in</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="/api/v1/demo-broker/style.css">
</head>
<body>
<main>
  <h1>Demo Broker</h1>
  <p>A paper broker with made-up accounts and prices. Choose a trader to sign in to Trade Tracker.</p>
  ${forms}
</main>
</body>
</html>`;
}

export const DEMO_LOGIN_CSS = `body{font-family:system-ui,sans-serif;margin:0;background:#f1f5f9;color:#0f172a}
main{max-width:26rem;margin:10vh auto;padding:2rem;background:#fff;border-radius:12px;box-shadow:0 2px 12px #0002}
h1{margin-top:0;font-size:1.5rem}form{margin:1rem 0}
button{width:100%;min-height:48px;font-size:1rem;border:0;border-radius:8px;background:#1d4ed8;color:#fff;cursor:pointer}
button:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}`;
