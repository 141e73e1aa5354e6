// An option fill's messages (docs/product.md, "Options"), part of `messages` (messages.ts).
import { OPTION_MULTIPLIER_MAX } from './constants.ts';

export const optionMessages = {
  optionNotObject: 'Option must be an object with expiration, strike and put/call, or null for a stock',
  expirationInvalid: 'Expiration must be a date written YYYY-MM-DD',
  strikeNotPositive: 'Strike must be greater than 0',
  putCallInvalid: 'Put/call must be Call or Put',
  multiplierInvalid: `Multiplier must be greater than 0 and at most ${OPTION_MULTIPLIER_MAX}`,
} as const;
