// An account's messages (docs/product.md, "Accounts"), part of `messages` (messages.ts): the
// balances' and those of the accounts added by hand.
import { ACCOUNT_NAME_MAX_LENGTH, BALANCE_MAX, MANUAL_ACCOUNTS_MAX } from './constants.ts';

const grouped = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 6 });

export const accountMessages = {
  originalBalanceInvalid: 'Original balance must be 0 or more',
  originalBalanceTooHigh: `Original balance must be at most ${grouped(BALANCE_MAX)}`,
  accountNameRequired: 'Account name is required',
  accountNameTooLong: `Account name must be at most ${ACCOUNT_NAME_MAX_LENGTH} characters`,
  lastDigitsInvalid: 'Last digits must be up to 4 digits (0-9), or empty',
  currentBalanceInvalid: 'Current balance must be 0 or more',
  currentBalanceTooHigh: `Current balance must be at most ${grouped(BALANCE_MAX)}`,
  accountSourceInvalid: 'Account source must be broker or manual',
  brokerAccountByBroker: "A broker account's name, number and balance come from the broker",
  manualAccountHashInvalid: "A manual account's hash must be manual: and its id",
  manualAccountsFull: `You can add at most ${MANUAL_ACCOUNTS_MAX} accounts by hand`,
  manualAccountHoldsFills: (fills: number) =>
    `This account holds ${fills === 1 ? '1 fill' : `${fills} fills`}: delete them first, so no trade is lost`,
  brokerAccountNotDeleted: 'A broker account cannot be deleted: it comes from your broker',
  /** What deleting a manual account takes with it (DELETE /accounts/{id}: only while it holds no fill). */
  manualAccountDeleteWhat:
    'Its name, last digits, balance and settings go. It holds no fills, so no trade is lost; plans keep their sizes in your other accounts.',
  ordersNeedBroker: 'Orders need a broker: this account was added by hand',
  manualAccountHelp:
    'For an account whose broker has no connection: its trades come from its statements or by hand, and its balance is yours to keep up to date.',
  manualOriginalBalanceHelp: 'What P&L is measured against.',
  manualBalanceHelp: 'What it holds now: position sizes and heat are figured from it.',
  lastDigitsHelp: 'Up to 4 digits, to tell your accounts apart; may stay empty.',
} as const;
