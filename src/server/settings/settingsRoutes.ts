import { Hono } from 'hono';
import { messages } from '../../domain/messages.ts';
import { validateTraderSettingsInput } from '../../domain/traderSettings.ts';
import type { AppEnv } from '../appEnv.ts';
import { recordWrites } from '../http/recordRoutes.ts';
import type { SettingsRepository } from './settingsRepository.ts';

/** `/api/v1/settings`: the trader's settings record; written, never created or deleted. */
export function settingsRoutes(repo: SettingsRepository): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get('/', async (c) => c.json(await repo.get(c.get('user').id)));
  return recordWrites(app, {
    notFound: messages.settingsNotFound,
    validate: validateTraderSettingsInput,
    update: repo.update,
  });
}
