import { describe, expect, it } from 'vitest';
import { type CsvColumn, csvCell, escapeFormula, plainNumber, toCsv } from '../../src/domain/csv.ts';
import {
  csvFileName,
  DELETED_EDGE_NAME,
  executionColumns,
  tradeColumns,
  tradePlanColumns,
} from '../../src/domain/csvExports.ts';
import { unlinked } from '../../src/domain/tradeAnnotation.ts';
import type { Trade, TradePlan } from '../../src/domain/types.ts';
import { ACCOUNT_1, account, fill } from './fixtures.ts';

describe('formula escaping (CWE-1236)', () => {
  it.each([
    ['=HYPERLINK("http://x","y")', `'=HYPERLINK("http://x","y")`],
    ['+1-2', "'+1-2"],
    ['-5', "'-5"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\t=cmd', "'\t=cmd"],
    ['\r=cmd', "'\r=cmd"],
    ['BRK-B', 'BRK-B'],
    ['a = b', 'a = b'],
    ['', ''],
    ["'quoted", "'quoted"],
  ])('%j is written %j', (text, escaped) => {
    expect(escapeFormula(text)).toBe(escaped);
  });
});

describe('a cell', () => {
  it.each<[string, Parameters<typeof csvCell>[0], string]>([
    ['plain text', 'AAPL', 'AAPL'],
    ['text with a comma', 'Range, break', '"Range, break"'],
    ['text with quotes', 'a "tight" stop', '"a ""tight"" stop"'],
    ['text over two lines', 'line 1\nline 2', '"line 1\nline 2"'],
    ['text with CR LF', 'a\r\nb', '"a\r\nb"'],
    ['a formula with a comma, escaped then quoted', '=SUM(A1,B1)', `"'=SUM(A1,B1)"`],
    ['a formula in quotes', '=1+"a"', `"'=1+""a"""`],
    ['a negative number stays a number', -1.5, '-1.5'],
    ['a positive number', 190.5, '190.5'],
    ['zero', 0, '0'],
    ['negative zero', -0, '0'],
    ['null is empty', null, ''],
    ['undefined is empty', undefined, ''],
    ['true', true, 'true'],
    ['false', false, 'false'],
    ['an ISO time', '2026-03-02T14:30:00.000Z', '2026-03-02T14:30:00.000Z'],
    ['unicode', 'Été — 株', 'Été — 株'],
  ])('%s', (_, value, written) => {
    expect(csvCell(value)).toBe(written);
  });
});

describe('plain numbers', () => {
  it.each([
    [1234567.89, '1234567.89'],
    [0.1 + 0.2, '0.3'],
    [-1 / 3, '-0.33333333'],
    [1e-7, '0.0000001'],
    [-2.5e-7, '-0.00000025'],
    [1e-10, '0'],
    [1e21, '1000000000000000000000'],
    [-1e22, '-10000000000000000000000'],
    [Number.NaN, ''],
    [Number.POSITIVE_INFINITY, ''],
  ])('%d is written %j', (n, written) => {
    expect(plainNumber(n)).toBe(written);
  });
});

describe('a file', () => {
  const columns: CsvColumn<{ name: string; value: number | null }>[] = [
    { header: 'Name', value: (r) => r.name },
    { header: 'Value, $', value: (r) => r.value },
  ];

  it('has a header row and ends every line with CR LF', () => {
    expect(
      toCsv(columns, [
        { name: 'a', value: 1 },
        { name: '-b', value: -2 },
        { name: 'c', value: null },
      ]),
    ).toBe('Name,"Value, $"\r\na,1\r\n\'-b,-2\r\nc,\r\n');
  });

  it('is the header alone when there are no rows', () => {
    expect(toCsv(columns, [])).toBe('Name,"Value, $"\r\n');
  });
});

const plan = (over: Partial<TradePlan> = {}): TradePlan => ({
  id: 'p1',
  stock: 'AAPL',
  entryPrice: 190.5,
  stopLossPrice: 185.25,
  probabilityOfSuccess: 62.5,
  status: 'Ready',
  scanId: null,
  tradeSetupId: 's1',
  edgeIds: ['e1', 'e2', 'gone'],
  targetPrice: null,
  notes: '=cmd|" /C calc"!A0',
  marketCycleAtCreation: 'Uptrend',
  doneAt: null,
  alertsOn: true,
  direction: 'Long',
  criteriaMet: [],
  createdAt: '2026-03-02T14:30:00.000Z',
  updatedAt: '2026-03-03T09:00:00.000Z',
  ...over,
});

describe('the exports', () => {
  it('trade plans: the setup and edges by name, a deactivated edge as the review names it', () => {
    const columns = tradePlanColumns({
      setups: [{ id: 's1', name: '+Breakout' }],
      edges: [
        { id: 'e1', name: 'Trend' },
        { id: 'e2', name: 'Volume, rising' },
      ],
    });
    const text = toCsv(columns, [
      plan({ criteriaMet: ['Above EMA21', 'Volume up'] }),
      plan({
        id: 'p2',
        tradeSetupId: null,
        edgeIds: [],
        notes: '',
        alertsOn: false,
        criteriaMet: [],
        doneAt: '2026-03-20T20:00:00.000Z',
        direction: 'Short',
        stopLossPrice: 195.25,
      }),
    ]);
    const [header, first, second] = text.split('\r\n');
    expect(header).toBe(
      'Id,Stock,Direction,Status,Entry Price,Stop Loss,Target Price,Probability,Setup,Edges,Scan Id,Market Cycle at Creation,Notes,Alerts On,Done At,Criteria Met,Created At,Updated At',
    );
    expect(first).toBe(
      `p1,AAPL,Long,Ready,190.5,185.25,,62.5,'+Breakout,"Trend; Volume, rising; ${DELETED_EDGE_NAME}",,Uptrend,"'=cmd|"" /C calc""!A0",true,,Above EMA21; Volume up,2026-03-02T14:30:00.000Z,2026-03-03T09:00:00.000Z`,
    );
    expect(second).toBe(
      'p2,AAPL,Short,Ready,190.5,195.25,,62.5,,,,Uptrend,,false,2026-03-20T20:00:00.000Z,,2026-03-02T14:30:00.000Z,2026-03-03T09:00:00.000Z',
    );
  });

  it('trades: negative P&L and R stay numbers, the plan and its setup', () => {
    const trade = {
      ...unlinked,
      id: 't1',
      key: 'k',
      accountId: ACCOUNT_1,
      accountName: 'Alex Margin',
      symbol: 'AAPL',
      direction: 'Long',
      openedAt: '2026-03-02T14:30:00.000Z',
      closedAt: '2026-03-04T15:00:00.000Z',
      entryQuantity: 100,
      openQuantity: 0,
      averageEntryPrice: 190.5,
      averageExitPrice: 180.25,
      grossPnl: -1025,
      fees: 1.5,
      netPnl: -1026.5,
      planId: 'p1',
      planned: true,
      initialStop: 185.25,
      initialRisk: 525,
      rMultiple: -1.955238095238095,
      notes: '@home',
      executionIds: ['x', 'y'],
      incomplete: false,
      tags: ['breakout', 'A+'],
      mistakes: ['-moved stop', 'oversized'],
    } satisfies Trade;
    // The plan's entry 190 and stop 185.25 risk 4.75 a share: paying 190.50 slipped 0.5 ÷ 4.75 =
    // 0.1053R. The account ($50,000, 1 % risk, 10 % capital, $20,000 free) allows min(500 ÷ 4.75,
    // 5,000 ÷ 190, 20,000 ÷ 190) = min(105, 26, 105) = 26 shares.
    const columns = tradeColumns({
      setups: [{ id: 's1', name: 'Breakout' }],
      plans: [plan({ entryPrice: 190 })],
      accounts: [account({ id: ACCOUNT_1 })],
    });
    const unplanned = { ...trade, id: 't2', planId: null, planned: false, notes: '' };
    const [header, row, other] = toCsv(columns, [trade, unplanned]).split('\r\n');
    expect(header).toBe(
      'Id,Account,Symbol,Direction,Opened At,Closed At,Entry Quantity,Open Quantity,Average Entry,Average Exit,Gross P&L,Fees,Net P&L,Initial Risk,R,Planned,Setup,Entry Slippage R,Planned Size,Incomplete,Plan Id,Initial Stop,Notes,Tags,Mistakes,Own Initial Risk,Contract,Closed By',
    );
    expect(row).toBe(
      "t1,Alex Margin,AAPL,Long,2026-03-02T14:30:00.000Z,2026-03-04T15:00:00.000Z,100,0,190.5,180.25,-1025,1.5,-1026.5,525,-1.9552381,true,Breakout,0.1053,26,false,p1,185.25,'@home,breakout; A+,'-moved stop; oversized,,,",
    );
    // Without a plan: nothing to hold it against.
    expect(other).toBe(
      "t2,Alex Margin,AAPL,Long,2026-03-02T14:30:00.000Z,2026-03-04T15:00:00.000Z,100,0,190.5,180.25,-1025,1.5,-1026.5,525,-1.9552381,false,,,,false,,185.25,,breakout; A+,'-moved stop; oversized,,,",
    );
    // An option's trade names its contract, and how it ended when no trade ended it.
    const expired = {
      ...unplanned,
      id: 't3',
      option: { expiration: '2026-12-18', strike: 200, putCall: 'Call' as const, multiplier: 100 },
      closedBy: 'Expired' as const,
    };
    expect(toCsv(columns, [expired]).split('\r\n')[1]).toMatch(/,AAPL 18 Dec 26 200 C,Expired$/);
  });

  it('fills: the account by name, broker fields empty for a manual fill', () => {
    const columns = executionColumns({ accounts: [{ id: ACCOUNT_1, accountName: 'Alex Margin' }] });
    const manual = fill('f1', 'Sell', 10, 55.75, '2026-03-02T14:30:00.000Z', {
      source: 'manual',
      brokerExecutionId: null,
      fees: 0.35,
    });
    const [header, row, other] = toCsv(columns, [
      manual,
      fill('f2', 'Buy', 1, 2, '2026-03-03T14:30:00.000Z', { accountId: 'x' }),
    ]).split('\r\n');
    expect(header).toBe(
      'Id,Account,Symbol,Side,Quantity,Price,Fees,Executed At,Source,Broker Execution Id,Position Effect,Kind,Created At,Expiration,Strike,Put/Call,Multiplier',
    );
    expect(row).toBe(
      'f1,Alex Margin,AAPL,Sell,10,55.75,0.35,2026-03-02T14:30:00.000Z,manual,,,fill,2026-03-02T14:30:00.000Z,,,,',
    );
    expect(other).toBe(
      'f2,,AAPL,Buy,1,2,0,2026-03-03T14:30:00.000Z,broker,b-f2,,fill,2026-03-03T14:30:00.000Z,,,,',
    );
    // A split the broker reported: no price, its kind says what it is.
    const split = fill('f3', 'Sell', 99, 0, '2026-03-04T05:00:00.000Z', { kind: 'split' });
    expect(toCsv(columns, [split]).split('\r\n')[1]).toBe(
      'f3,Alex Margin,AAPL,Sell,99,0,0,2026-03-04T05:00:00.000Z,broker,b-f3,,split,2026-03-04T05:00:00.000Z,,,,',
    );
    // An option fill: its contract in four columns.
    const option = fill('f4', 'Buy', 2, 3.5, '2026-03-05T15:00:00.000Z', {
      option: { expiration: '2026-12-18', strike: 200, putCall: 'Put', multiplier: 100 },
      positionEffect: 'Open',
    });
    expect(toCsv(columns, [option]).split('\r\n')[1]).toBe(
      'f4,Alex Margin,AAPL,Buy,2,3.5,0,2026-03-05T15:00:00.000Z,broker,b-f4,Open,fill,2026-03-05T15:00:00.000Z,2026-12-18,200,Put,100',
    );
  });

  it('names the files by what and when', () => {
    expect(csvFileName('tradePlans', '2026-03-02')).toBe('trade-tracker-trade-plans-2026-03-02.csv');
    expect(csvFileName('trades', '2026-03-02')).toBe('trade-tracker-trades-2026-03-02.csv');
    expect(csvFileName('executions', '2026-03-02')).toBe('trade-tracker-executions-2026-03-02.csv');
  });
});
