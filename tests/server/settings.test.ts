import { describe, expect, it } from 'vitest';
import { BACKUP_FORMAT_VERSION, type Backup, type RestoreResult } from '../../src/domain/backup.ts';
import { backupMessages } from '../../src/domain/backupMessages.ts';
import { messages } from '../../src/domain/messages.ts';
import { statementTexts } from '../../src/domain/statements/statementTexts.ts';
import type { AuthStatus, SyncAnswer, TraderSettings } from '../../src/domain/types.ts';
import { backupFixture } from '../fixtures/records.ts';
import { type Client, signedInServer } from './harness.ts';

// The trader's settings (docs/product.md, "Settings"): one record per trader, its id the trader's,
// written like every record (PUT /settings/{id}), synced, and carried by the backup.

const { t, alex, sam } = signedInServer();

const idOf = async (client: Client) =>
  (await client.json<AuthStatus>('GET', '/api/v1/auth/status')).body.user.id;
const settingsOf = async (client: Client) => {
  const res = await client.json<TraderSettings>('GET', '/api/v1/settings');
  expect(res.status).toBe(200);
  return res.body;
};
const put = (client: Client, id: string, body: unknown) =>
  client.json<TraderSettings & { message?: string; errors?: unknown }>('PUT', `/api/v1/settings/${id}`, body);
const sync = async (client: Client, since?: string) =>
  (await client.json<SyncAnswer>('GET', `/api/v1/sync${since ? `?since=${since}` : ''}`)).body;
const getBackup = async (client: Client) => (await client.json<Backup>('GET', '/api/v1/backup')).body;
const restore = (client: Client, body: unknown) => client.json<RestoreResult>('POST', '/api/v1/backup', body);
/** The backup's settings alone: another trader's accounts and records are no part of this test. */
const settingsPart = ({ formatVersion, exportedAt, traderSettings }: Backup): Backup =>
  backupFixture({ formatVersion, exportedAt, traderSettings });

describe('the settings record', () => {
  it('is the defaults under the trader id until saved, then what was saved, per trader', async () => {
    const [alexId, samId] = [await idOf(alex), await idOf(sam)];
    expect(await settingsOf(alex)).toMatchObject({ id: alexId, nearEntryR: 0.25 });
    t.clock.advance(1000);
    const saved = await put(alex, alexId, { nearEntryR: 0.5 });
    expect(saved).toMatchObject({ status: 200, body: { id: alexId, nearEntryR: 0.5 } });
    expect(saved.body.updatedAt).toBe(t.clock.now.toISOString());
    expect(await settingsOf(alex)).toEqual(saved.body);
    expect(await settingsOf(sam)).toMatchObject({ id: samId, nearEntryR: 0.25 });
    // A body without the field keeps it: a device that knows fewer settings resets none.
    expect((await put(alex, alexId, {})).body.nearEntryR).toBe(0.5);
  });

  it("answers 404 for another trader's settings, and changes nothing", async () => {
    const samId = await idOf(sam);
    for (const id of [samId, '00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      expect(await put(alex, id, { nearEntryR: 1 })).toMatchObject({
        status: 404,
        body: { message: messages.settingsNotFound },
      });
    }
    expect((await settingsOf(sam)).nearEntryR).toBe(0.25);
    expect((await settingsOf(alex)).nearEntryR).toBe(0.5);
  });

  it('refuses values out of range, of the wrong type, or unknown, with the message on the field', async () => {
    const alexId = await idOf(alex);
    const cases: [unknown, string, string][] = [
      [{ nearEntryR: 0.04 }, 'nearEntryR', messages.nearEntryROutOfRange],
      [{ nearEntryR: 2.01 }, 'nearEntryR', messages.nearEntryROutOfRange],
      [{ nearEntryR: '1' }, 'nearEntryR', messages.mustBeNumber],
      [{ nearEntryR: null }, 'nearEntryR', messages.mustBeNumber],
      [{ nearEntryR: 1, constructor: 'x' }, 'constructor', messages.unknownField('constructor')],
    ];
    for (const [body, field, message] of cases) {
      const res = await put(alex, alexId, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors).toContainEqual({ field, message });
    }
    const crossSite = await alex.call(
      'PUT',
      `/api/v1/settings/${alexId}`,
      { nearEntryR: 1 },
      {
        headers: { Origin: 'https://evil.example' },
      },
    );
    expect(crossSite.status).toBe(403);
    expect((await settingsOf(alex)).nearEntryR).toBe(0.5);
  });

  it('comes with every full sync, and in a delta only when it changed, only to its trader', async () => {
    const alexId = await idOf(alex);
    const full = await sync(alex);
    expect(full.traderSettings.upserted).toEqual([await settingsOf(alex)]);
    // A trader who never saved one gets the defaults: a cache of older settings is replaced.
    const samFull = await sync(sam);
    expect(samFull.traderSettings.upserted).toMatchObject([{ id: await idOf(sam), nearEntryR: 0.25 }]);
    expect((await sync(alex, full.cursor)).traderSettings.upserted).toEqual([]);
    t.clock.advance(1000);
    const saved = (await put(alex, alexId, { nearEntryR: 0.75 })).body;
    expect((await sync(alex, full.cursor)).traderSettings.upserted).toEqual([saved]);
    expect((await sync(sam, samFull.cursor)).traderSettings.upserted).toEqual([]);
  });
});

describe('the settings in a backup', () => {
  it('are carried out and restored onto the trader own settings, whatever their id', async () => {
    const whole = await getBackup(alex);
    expect(whole.traderSettings).toEqual([await settingsOf(alex)]);
    expect(whole.formatVersion).toBe(BACKUP_FORMAT_VERSION);
    expect((await getBackup(sam)).traderSettings).toEqual([]);
    const backup = settingsPart(whole);
    const into = await restore(sam, backup);
    expect(into.status, JSON.stringify(into.body)).toBe(200);
    expect(into.body.restored.traderSettings).toBe(1);
    expect(await settingsOf(sam)).toMatchObject({ id: await idOf(sam), nearEntryR: 0.75 });
    // The same again: already here.
    expect((await restore(sam, backup)).body.skipped.traderSettings).toBe(1);
  });

  it('refuses settings the API would refuse, and more than one record, changing nothing', async () => {
    const backup = settingsPart(await getBackup(alex));
    const [settings] = backup.traderSettings;
    const bad = await restore(sam, { ...backup, traderSettings: [{ ...settings, nearEntryR: 5 }] });
    expect(bad.status).toBe(400);
    expect((bad.body as unknown as { errors: unknown[] }).errors).toContainEqual({
      field: 'traderSettings[0].nearEntryR',
      message: messages.nearEntryROutOfRange,
    });
    const two = await restore(sam, {
      ...backup,
      traderSettings: [settings, { ...settings, id: '00000000-0000-4000-8000-000000000000' }],
    });
    expect(two.status).toBe(400);
    expect((two.body as unknown as { errors: unknown[] }).errors).toContainEqual({
      field: 'traderSettings[1].id',
      message: backupMessages.oneSettingsRecord,
    });
    expect((await settingsOf(sam)).nearEntryR).toBe(0.75);
  });

  it('restores a backup made before settings were carried (format 1), leaving them as they are', async () => {
    const { traderSettings: _none, ...older } = settingsPart(await getBackup(alex));
    const res = await restore(alex, { ...older, formatVersion: 1 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.restored.traderSettings).toBe(0);
    expect((await settingsOf(alex)).nearEntryR).toBe(0.75);
  });
});

describe('the old settings call and the quotes answer', () => {
  it('are gone: the threshold is the settings record only', async () => {
    expect((await alex.json('GET', '/api/v1/alerts/settings')).status).toBe(404);
    expect((await alex.json('PUT', '/api/v1/alerts/settings', { nearEntryR: 0.5 })).status).toBe(404);
  });
});

describe("the trader's saved column mappings", () => {
  const mapping = {
    header: ['Date', 'Ticker', 'Qty', 'Price', 'Commission', 'Fee'],
    executedAt: 'Date',
    symbol: 'Ticker',
    quantity: 'Qty',
    price: 'Price',
    fees: ['Commission', 'Fee'],
    timeZone: 'America/Chicago',
  };

  it('are none until saved, then kept whole, synced, and refused with the message on the field', async () => {
    const [alexId, samId] = [await idOf(alex), await idOf(sam)];
    expect((await settingsOf(sam)).statementMappings).toEqual([]);
    const full = await sync(alex);
    t.clock.advance(1000);
    const saved = await put(alex, alexId, { statementMappings: [mapping] });
    expect(saved).toMatchObject({ status: 200, body: { statementMappings: [mapping] } });
    // Another setting saved alone leaves the mappings as they are.
    const near = (await put(alex, alexId, { nearEntryR: 0.75 })).body;
    expect(near.statementMappings).toEqual([mapping]);
    expect((await sync(alex, full.cursor)).traderSettings.upserted).toEqual([near]);
    const bad = await put(alex, alexId, { statementMappings: [{ ...mapping, symbol: 'Tick\u0000er' }] });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toContainEqual({
      field: 'statementMappings.0.symbol',
      message: messages.textControlCharacters,
    });
    const many = await put(alex, alexId, { statementMappings: Array.from({ length: 21 }, () => mapping) });
    expect(many.body.errors).toContainEqual({
      field: 'statementMappings',
      message: statementTexts.tooManyMappings,
    });
    expect((await settingsOf(alex)).statementMappings).toEqual([mapping]);
    expect((await settingsOf(sam)).statementMappings).toEqual([]);
    expect((await put(sam, samId, {})).body.statementMappings).toEqual([]);
  });

  it('travel in the backup and restore as they were, the same backup twice skipped', async () => {
    const backup = settingsPart(await getBackup(alex));
    expect(backup.traderSettings[0]?.statementMappings).toEqual([mapping]);
    const into = await restore(sam, backup);
    expect(into.body.restored.traderSettings).toBe(1);
    expect((await settingsOf(sam)).statementMappings).toEqual([mapping]);
    expect((await restore(sam, backup)).body.skipped.traderSettings).toBe(1);
  });
});
