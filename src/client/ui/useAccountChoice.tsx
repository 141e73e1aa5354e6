import { useState } from 'react';
import { useAccounts } from './cacheReads.ts';
import { selectInput } from './inputs.tsx';

/**
 * The account a form files fills under (a fill recorded by hand, a statement's fills): the cached
 * accounts as a select for a Field. Most traders have one account: it is chosen for them.
 */
export function useAccountChoice() {
  const accounts = useAccounts() ?? [];
  const [chosen, setAccountId] = useState('');
  const accountId = chosen || (accounts[0]?.id ?? '');
  const input = selectInput(
    accountId,
    setAccountId,
    accounts.map((a) => [a.id, a.accountName]),
    accounts.length === 0 ? 'No accounts' : undefined,
  );
  return { accountId, input };
}
