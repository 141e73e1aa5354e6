import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { listenForAlerts } from '../../../src/client/alerts/alertNotices.ts';
import { useNotice } from '../../../src/client/ui/notices.ts';

const shown = () => renderHook(() => useNotice()).result.current?.text;

// What public/push-sw.js posts to each open window when a push arrives.
function serviceWorker() {
  const target = new EventTarget();
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: target });
  return (data: unknown) => target.dispatchEvent(new MessageEvent('message', { data }));
}
afterEach(() => {
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('an alert reaching the open app', () => {
  it('shows as a notice, title and body; other messages and a stopped listener show nothing', () => {
    const post = serviceWorker();
    const stop = listenForAlerts();
    post({ type: 'trade-tracker-alert', title: 'NVDA reached its entry', body: '$101.20 at 10:31' });
    expect(shown()).toBe('NVDA reached its entry: $101.20 at 10:31');
    post({ type: 'something-else', title: 'Not an alert' });
    expect(shown()).toBe('NVDA reached its entry: $101.20 at 10:31');
    stop();
    post({ type: 'trade-tracker-alert', title: 'AMD reached its target', body: '' });
    expect(shown()).toBe('NVDA reached its entry: $101.20 at 10:31');
  });
});
