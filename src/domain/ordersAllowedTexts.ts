// What the trader reads about allowing orders from Trade Tracker in an account (docs/product.md,
// "Orders"): the settings' switch and the question before orders are turned on. Money is real:
// each says plainly what it allows. Loaded with the account settings only.

export const ordersAllowedTexts = {
  label: 'Allow orders from Trade Tracker',
  meaning:
    "Trade Tracker may send orders you confirm to this account. Orders placed in the broker's own app are not affected.",
  state: 'Orders from Trade Tracker:',
  ownCall: 'Turned on or off on its own, at once: Save Settings and Cancel do not change it.',
  onlyOnline: 'Orders can be turned on only online',
  failed: 'Orders could not be turned on or off. Try again.',
  question: 'Allow orders from Trade Tracker?',
  what: (account: string) =>
    `Trade Tracker will be able to send orders to ${account} at your broker: real orders, with real money.`,
  how: "An order is sent only when you confirm it after its preview, within the account's risk guard. Orders placed in the broker's own app are not affected. You can turn orders off here at any time.",
  confirm: 'Allow orders',
} as const;
