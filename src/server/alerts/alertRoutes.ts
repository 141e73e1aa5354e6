import { Hono } from 'hono';
import { validatePushEndpoint, validatePushSubscription } from '../../domain/alerts.ts';
import { messages } from '../../domain/messages.ts';
import type { AppEnv } from '../appEnv.ts';
import { readValid } from '../http/body.ts';
import { invalid } from '../refusals.ts';
import type { AlertRepository } from './alertRepository.ts';
import { pushTargetOf, pushUrlOf } from './pushEndpoint.ts';

/**
 * `/api/v1/push`: the server's VAPID public key, and this device's subscription (PUT stores or
 * moves it here, DELETE stops it). Writes pass the same-origin check like every write.
 */
export function pushRoutes(
  repository: AlertRepository,
  publicKey: string,
  pushHosts: readonly string[],
): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get('/key', (c) => c.json({ publicKey }));
  app.put('/subscription', async (c) => {
    const input = await readValid(c, validatePushSubscription);
    // The server posts to the endpoint: only what every parser reads alike, and a push service's.
    if (pushUrlOf(input.endpoint) === undefined) {
      throw invalid([{ field: 'endpoint', message: messages.pushEndpointInvalid }]);
    }
    if (pushTargetOf(input.endpoint, pushHosts) === undefined) {
      throw invalid([{ field: 'endpoint', message: messages.pushServiceRefused }]);
    }
    return c.json(await repository.subscribe(c.get('user').id, input));
  });
  app.delete('/subscription', async (c) => {
    const { endpoint } = await readValid(c, validatePushEndpoint);
    await repository.unsubscribe(c.get('user').id, endpoint);
    return c.body(null, 204);
  });
  return app;
}

/** `/api/v1/alerts`: the alerts sent to the trader (newest first). */
export function alertRoutes(repository: AlertRepository): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get('/', async (c) => c.json(await repository.sent(c.get('user').id)));
  return app;
}
