import type { BrokerSignIns } from '../brokers/brokerAccess.ts';
import { deleteUserSessions } from './sessionStore.ts';
import type { TokenCipher } from './tokenCipher.ts';
import { deleteBrokerTokens, loadBrokerTokens, saveBrokerTokens } from './userStore.ts';

/** The broker tokens at rest, encrypted with `cipher`, as brokers/brokerAccess.ts uses them. */
export const brokerSignIns = (cipher: TokenCipher): BrokerSignIns => ({
  tokens: (q, userId, forUpdate) => loadBrokerTokens(q, cipher, userId, forUpdate),
  save: (q, userId, tokens, now) => saveBrokerTokens(q, cipher, userId, tokens, now),
  async end(db, userId) {
    await deleteUserSessions(db, userId);
    await deleteBrokerTokens(db, userId);
  },
});
