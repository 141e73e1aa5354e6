// What the app says from its first screen: the frame's messages, the fallbacks for a failed call
// and the short notices. Kept apart from messages.ts (the forms' and the API's, which spreads these
// in) so the first download does not carry every validation message (docs/architecture.md, "The
// client").

/** What the app's frame says: the session refused or ended, a logout, a time that cannot be read. */
export const frameMessages = {
  signedOut: 'You are signed out: sign in again to save changes',
  logoutWithUnsavedChanges: (count: number) =>
    `${count} ${count === 1 ? 'change is' : 'changes are'} not saved yet. Log out anyway?`,
  authRequired: 'Authentication required',
  accessDenied: 'Access denied',
  invalidTimestamp: 'Invalid timestamp',
  serverError: 'Server error',
} as const;

/** Shown when a failed call carries no message of its own (docs/product.md, "Validation messages"). */
export const fallbackMessages = {
  loadSetups: 'Failed to load trade setups',
  saveSetup: 'Failed to save trade setup',
  deleteSetup: 'Failed to delete trade setup',
  loadEdges: 'Failed to load edges',
  saveEdge: 'Failed to save edge',
  deleteEdge: 'Failed to delete edge',
  fetchMarketCycle: 'Failed to fetch market cycle data',
  loadPlans: 'Failed to load trade plans',
  createPlan: 'Failed to create trade plan',
  updatePlan: 'Failed to update trade plan',
  updatePlanStatus: 'Failed to update trade plan status',
  deletePlan: 'Failed to delete trade plan',
  saveAccountSettings: 'Failed to save account settings',
  deleteAccount: 'Failed to delete account',
  loadSettings: 'Failed to load settings',
  saveSettings: 'Failed to save settings',
  fetchAccounts: 'Failed to fetch accounts data',
  loadExecutions: 'Failed to load fills',
  loadTrades: 'Failed to load trades',
  recordFill: 'Failed to record fill',
  deleteFill: 'Failed to delete fill',
  updateTrade: 'Failed to update trade',
  importTrades: 'Failed to import trades from the broker',
  changeRefused: 'The server refused this change',
  // A queued change the server kept failing on while answering other calls (src/client/sync/outbox.ts).
} as const;

/** Short confirmations, read out politely and gone after a few seconds. */
export const notices = {
  saved: (what: string) => `${what} saved`,
  savedOnDevice: (what: string) => `${what} saved on this device: it is sent when you are back online`,
  deleted: (what: string) => `${what} deleted`,
  statusChanged: (stock: string, status: string) => `${stock} is now ${status}`,
  backOnline: (count: number) => `Back online: ${count} ${count === 1 ? 'change' : 'changes'} saved`,
  fillsImported: (count: number) =>
    count === 0 ? 'No new fills' : `${count} ${count === 1 ? 'fill' : 'fills'} imported`,
  /** Beside "Sync trades": `ago` as formatAgo writes it. */
  fillsImportedAgo: (ago: string) => `Fills imported ${ago}`,
  /** "Sync trades" within IMPORT_THROTTLE_MINUTES of the last import: `wait` as formatWait writes it. */
  importThrottled: (ago: string, wait: string) =>
    `Fills were imported ${ago}. Sync trades can run again ${wait}.`,
} as const;

/**
 * A new trader's first steps, in order (docs/product.md, "First run"): the Dashboard's "Getting
 * started" checklist, and the empty pages pointing to the next one. Each: its page, what to do,
 * what it is.
 */
export const firstSteps = [
  ['/edge-definition', 'Define an edge', 'a reason you take a trade, weighted by how much it counts'],
  ['/trade-setups', 'Describe a trade setup', 'a chart pattern you trade, with its entry and exit'],
  ['/trade-plans', 'Write a trade plan', 'a stock with its entry and stop, sized for each of your accounts'],
] as const;
