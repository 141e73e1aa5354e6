import type { BrokerAccount } from '../broker.ts';

export interface DemoTrader {
  id: string;
  displayName: string;
  accounts: BrokerAccount[];
}

// Deterministic paper traders: each has its own accounts with distinct numbers and hashes.
export const DEMO_TRADERS: readonly DemoTrader[] = [
  {
    id: 'alex',
    displayName: 'Alex (demo)',
    accounts: [
      {
        accountNumber: '40117352',
        accountHash: 'demo-alex-7352-margin',
        accountName: 'Alex Margin',
        currentBalance: 125_430.55,
        availableFundsForTrading: 48_250.5,
      },
      {
        accountNumber: '40119914',
        accountHash: 'demo-alex-9914-cash',
        accountName: 'Alex Cash',
        currentBalance: 32_500,
        availableFundsForTrading: 12_000,
      },
    ],
  },
  {
    id: 'sam',
    displayName: 'Sam (demo)',
    accounts: [
      {
        accountNumber: '55501234',
        accountHash: 'demo-sam-1234-individual',
        accountName: 'Sam Individual',
        currentBalance: 18_750.2,
        availableFundsForTrading: 9_100,
      },
      {
        accountNumber: '55509876',
        accountHash: 'demo-sam-9876-ira',
        accountName: 'Sam IRA',
        currentBalance: 64_020.75,
        availableFundsForTrading: 5_500.25,
      },
    ],
  },
];

export const findDemoTrader = (id: string): DemoTrader | undefined => DEMO_TRADERS.find((t) => t.id === id);
