// An alert that reaches the device while the app is open shows as a notice as well as a
// notification (docs/product.md, "Alerts"): public/push-sw.js tells every open window.
import { announce } from '../ui/notices.ts';

interface AlertMessage {
  type: 'trade-tracker-alert';
  title: string;
  body: string;
}

const isAlert = (data: unknown): data is AlertMessage =>
  typeof data === 'object' &&
  data !== null &&
  (data as AlertMessage).type === 'trade-tracker-alert' &&
  typeof (data as AlertMessage).title === 'string';

/** Listens for the service worker's alerts; returns the way to stop. */
export function listenForAlerts(): () => void {
  const container = typeof navigator === 'undefined' ? undefined : navigator.serviceWorker;
  if (!container) return () => {};
  const onMessage = (event: MessageEvent) => {
    if (!isAlert(event.data)) return;
    announce(event.data.body ? `${event.data.title}: ${event.data.body}` : event.data.title);
  };
  container.addEventListener('message', onMessage);
  // A listener added with addEventListener does not start the message queue itself.
  container.startMessages?.();
  return () => container.removeEventListener('message', onMessage);
}
