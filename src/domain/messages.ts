// Every message of SPEC §5 and §8, spelled exactly as the spec spells it.

export const messages = {
  edgeNameRequired: 'Name is required',
  edgeNameTooLong: 'Edge name must be less than 100 characters',
  edgeDescriptionRequired: 'Description is required',
  edgeIdentificationNotesRequired: 'Identification notes are required',
  edgeWeightOutOfRange: 'Weight factor must be between 0 and 1',
  edgeNameTaken: 'An edge with this name already exists',
  edgeNotFound: 'Edge not found',

  setupNameRequired: 'Name is required',
  setupNameTooLong: 'Name must be less than 100 characters',
  setupDescriptionTooLong: 'Description must be less than 500 characters',
  setupNotesTooLong: 'Notes must be less than 1000 characters',
  setupNameTaken: 'A trade setup with this name already exists',
  setupNotFound: 'Trade setup not found',
  successScoreOutOfRange: 'Success score must be between 0 and 100',

  stockRequired: 'Stock symbol is required',
  stockTooLong: 'Stock symbol must be 10 characters or less',
  stockInvalidCharacters: 'Stock symbol may contain only letters, digits, ".", "/" and "-"',
  entryPriceNotPositive: 'Entry price must be greater than 0',
  stopLossNotPositive: 'Stop loss price must be greater than 0',
  stopLossNotBelowEntry: 'Stop loss price must be less than entry price',
  probabilityOutOfRange: 'Probability of success must be between 0 and 100',
  planNotFound: 'Trade plan not found',
  planDiscarded: 'Cannot update a discarded trade plan',
  activePlanExists: 'An active trade plan for this stock already exists',
  statusUnchanged: 'Trade plan is already in the requested status',
  statusInvalid: 'Status must be one of Draft, Ready, Hold, Discarded',
  transitionRefused: (from: string, to: string) => `Cannot transition from ${from} to ${to}`,

  accountNotFound: 'Account not found',
  originalBalanceInvalid: 'Original balance must be 0 or more',
  capitalRiskOutOfRange: 'Capital risk must be between 0 and 100',
  maxTradeRiskOutOfRange: 'Max trade risk must be between 0 and 100',
  scaleOutFactorInvalid: 'Scale-out factor must be a whole number from 1 to 10',

  mustBeNumber: 'Must be a number',
  mustBeText: 'Must be text',
  textControlCharacters: 'Text must not contain control characters',
  recordDeleted: 'This record was deleted',
  invalidBody: 'Request body must be a JSON object',
  invalidJson: 'Request body is not valid JSON',
  bodyTooLarge: 'Request body is larger than 1 MB',
  validationFailed: 'Validation failed',

  signedOut: 'You are signed out: sign in again to save changes',
  logoutWithUnsavedChanges: (count: number) =>
    `${count} ${count === 1 ? 'change is' : 'changes are'} not saved yet. Log out anyway?`,
  authRequired: 'Authentication required',
  accessDenied: 'Access denied',
  signInLimited: 'Too many sign-in attempts. Try again in a few minutes.',
  malformedUrl: 'Malformed URL',
  serverError: 'Server error',
} as const;

/** Shown when a failed call carries no message of its own (SPEC §8). */
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
  fetchAccounts: 'Failed to fetch accounts data',
} as const;
