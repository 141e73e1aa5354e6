// What alerts and the Notifications section say (docs/product.md, "Alerts").

/** What an alert's notification says (docs/product.md, "Alerts"). */
export const alertTexts = {
  entry: (symbol: string) => `${symbol} reached its entry`,
  stop: (symbol: string) => `${symbol} reached its stop`,
  target: (symbol: string) => `${symbol} reached its target`,
  body: (price: string, time: string, level: string, levelPrice: string) =>
    `${price} at ${time} New York time (${level} ${levelPrice})`,
} as const;

/** The Notifications section's texts (docs/product.md, "Alerts"). */
export const notificationTexts = {
  unsupported:
    'This browser cannot receive notifications from the app. On iPhone and iPad, add Trade Tracker to the Home Screen first (iOS 16.4 or later) and open it from there.',
  blocked:
    "Notifications are blocked for this site: allow them in the browser's settings, then turn them on here.",
  notAllowed: 'Notifications were not allowed, so none will be sent to this device.',
  needsConnection: 'Turning notifications on or off needs a connection to the server',
  turnOnFailed: 'Notifications could not be turned on. Try again.',
  turnOffFailed: 'Notifications could not be turned off. Try again.',
  pushServiceSilent: "The browser's push service did not answer. Check your connection, or try again later.",
  alertsNeedConnection: 'The alerts sent show when the app is online',
  alertsFailed: 'The alerts sent could not be loaded',
  noAlerts: 'No alerts sent yet.',
} as const;
