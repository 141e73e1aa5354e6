import { Hono } from 'hono';
import { messages } from '../../domain/messages.ts';
import { validateOrderConfirm, validateOrderRequest } from '../../domain/orders.ts';
import { isUuid } from '../../domain/validation.ts';
import type { AppEnv } from '../appEnv.ts';
import { readValid } from '../http/body.ts';
import { pathId } from '../http/pathId.ts';
import { invalid } from '../refusals.ts';
import type { OrderService } from './orderService.ts';

/** The header a confirm carries; the offline outbox never sends it, so it can never place an order. */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/**
 * `/api/v1/orders` (docs/product.md, "Orders"): preview, place (201, or 200 with the same order
 * for the same `Idempotency-Key`), a plan's orders, one order, cancel (DELETE) and its log.
 */
export function orderRoutes(service: OrderService): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const id = (raw: string) => pathId(raw, messages.orderNotFound);

  app.post('/preview', async (c) =>
    c.json(await service.preview(c.get('user').id, await readValid(c, validateOrderRequest))),
  );
  app.post('/', async (c) => {
    const key = c.req.header(IDEMPOTENCY_KEY_HEADER);
    if (!isUuid(key)) throw invalid([{ field: IDEMPOTENCY_KEY_HEADER, message: messages.orderKeyRequired }]);
    const request = await readValid(c, validateOrderConfirm);
    const { order, created } = await service.place(c.get('user').id, key.toLowerCase(), request);
    return c.json(order, created ? 201 : 200);
  });
  app.get('/', async (c) => {
    const planId = c.req.query('planId');
    if (!isUuid(planId)) throw invalid([{ field: 'planId', message: messages.idNotUuid }]);
    return c.json(await service.forPlan(c.get('user').id, planId.toLowerCase()));
  });
  app.get('/:id', async (c) => c.json(await service.get(c.get('user').id, id(c.req.param('id')))));
  app.delete('/:id', async (c) => c.json(await service.cancel(c.get('user').id, id(c.req.param('id')))));
  app.get('/:id/log', async (c) => c.json(await service.log(c.get('user').id, id(c.req.param('id')))));
  return app;
}
