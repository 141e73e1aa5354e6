// Every message the app and the API show, in one place (docs/product.md, "Validation messages").
// Limits come from the constants, so a message cannot drift from the rule it names.
import {
  EDGE_NAME_MAX_LENGTH,
  PLAN_NOTES_MAX_LENGTH,
  PROBABILITY_MAX,
  PROBABILITY_MIN,
  SCALE_OUT_FACTOR_MAX,
  SCALE_OUT_FACTOR_MIN,
  SETUP_DESCRIPTION_MAX_LENGTH,
  SETUP_NAME_MAX_LENGTH,
  SETUP_NOTES_MAX_LENGTH,
  STOCK_SYMBOL_MAX_LENGTH,
  WEIGHT_FACTOR_MAX,
  WEIGHT_FACTOR_MIN,
} from './constants.ts';

export const messages = {
  edgeNameRequired: 'Name is required',
  edgeNameTooLong: `Edge name must be less than ${EDGE_NAME_MAX_LENGTH} characters`,
  edgeDescriptionRequired: 'Description is required',
  edgeIdentificationNotesRequired: 'Identification notes are required',
  edgeWeightOutOfRange: `Weight factor must be between ${WEIGHT_FACTOR_MIN} and ${WEIGHT_FACTOR_MAX}`,
  edgeNameTaken: 'An edge with this name already exists',
  edgeNotFound: 'Edge not found',

  setupNameRequired: 'Name is required',
  setupNameTooLong: `Name must be less than ${SETUP_NAME_MAX_LENGTH} characters`,
  setupDescriptionTooLong: `Description must be less than ${SETUP_DESCRIPTION_MAX_LENGTH} characters`,
  setupNotesTooLong: `Notes must be less than ${SETUP_NOTES_MAX_LENGTH} characters`,
  setupNameTaken: 'A trade setup with this name already exists',
  setupNotFound: 'Trade setup not found',

  stockRequired: 'Stock symbol is required',
  stockTooLong: `Stock symbol must be ${STOCK_SYMBOL_MAX_LENGTH} characters or less`,
  stockInvalidCharacters: 'Stock symbol may contain only letters, digits, ".", "/" and "-"',
  entryPriceNotPositive: 'Entry price must be greater than 0',
  stopLossNotPositive: 'Stop loss price must be greater than 0',
  stopLossNotBelowEntry: 'Stop loss price must be less than entry price',
  stopNotBelowEntryWarning: 'The stop is at or above the entry: move it below the entry to size this trade',
  targetNotAboveEntry: 'Target price must be greater than entry price',
  planNotesTooLong: `Notes must be less than ${PLAN_NOTES_MAX_LENGTH} characters`,
  probabilityOutOfRange: `Probability of success must be between ${PROBABILITY_MIN} and ${PROBABILITY_MAX}`,
  planNotFound: 'Trade plan not found',
  planDiscarded: 'Cannot update a discarded trade plan',
  activePlanExists: 'An active trade plan for this stock already exists',
  statusUnchanged: 'Trade plan is already in the requested status',
  statusInvalid: 'Status must be one of Draft, Ready, Hold, Discarded',
  transitionRefused: (from: string, to: string) => `Cannot transition from ${from} to ${to}`,

  // Why an account's size for a plan is "N/A" (docs/product.md, "Position size").
  positionSizeRiskTooLow: 'Max trade risk allows less than one share',
  positionSizeCapitalTooLow: 'Capital risk allows less than one share',
  positionSizeFundsTooLow: 'Not enough free funds for one share',
  positionSizeLotTooSmall: (lot: number) => `Less than one lot of ${lot} shares`,

  accountNotFound: 'Account not found',
  originalBalanceInvalid: 'Original balance must be 0 or more',
  capitalRiskOutOfRange: 'Capital risk must be between 0 and 100',
  maxTradeRiskOutOfRange: 'Max trade risk must be between 0 and 100',
  capitalRiskHelp: 'The most of the balance one position may cost.',
  maxTradeRiskHelp: 'The most of the balance one trade may lose if its stop is hit.',
  scaleOutFactorInvalid: `Scale-out factor must be a whole number from ${SCALE_OUT_FACTOR_MIN} to ${SCALE_OUT_FACTOR_MAX}`,

  mustBeNumber: 'Must be a number',
  mustBeText: 'Must be text',
  idNotUuid: 'Id must be a UUID',
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
  notFound: 'Not found',
  crossSiteRefused: 'Cross-site request refused',
  idInUse: 'This id is already in use',
  alreadyExists: 'Already exists',
  brokerUnavailable: 'Your broker is not answering right now. Try again in a minute.',
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
  fetchAccounts: 'Failed to fetch accounts data',
  changeRefused: 'The server refused this change',
} as const;

/** Short confirmations, read out politely and gone after a few seconds. */
export const notices = {
  saved: (what: string) => `${what} saved`,
  savedOnDevice: (what: string) => `${what} saved on this device: it is sent when you are back online`,
  deleted: (what: string) => `${what} deleted`,
  statusChanged: (stock: string, status: string) => `${stock} is now ${status}`,
  backOnline: (count: number) => `Back online: ${count} ${count === 1 ? 'change' : 'changes'} saved`,
} as const;
