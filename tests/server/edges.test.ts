import { describe, expect, it } from 'vitest';
import type { Edge } from '../../src/domain/types.ts';
import { signedInServer } from './harness.ts';

const { t, alex, sam } = signedInServer();

const edge = (name: string, weightFactor = 0.5) => ({
  name,
  description: `${name} description`,
  identificationNotes: `${name} notes`,
  weightFactor,
});

describe('edges', () => {
  it('creates an edge with id, isActive and timestamps, and lists it', async () => {
    const created = await alex.json<Edge>('POST', '/api/v1/edges', edge('Trend', 0.8));
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ ...edge('Trend', 0.8), isActive: true });
    expect(created.body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(created.body.createdAt).toBe(t.clock.now.toISOString());
    const list = await alex.json<Edge[]>('GET', '/api/v1/edges');
    expect(list.body.map((e) => e.name)).toContain('Trend');
  });

  it('refuses a duplicate name case-insensitively, with the spec message', async () => {
    const res = await alex.json('POST', '/api/v1/edges', edge('TREND'));
    expect(res).toEqual({
      status: 409,
      body: {
        message: 'An edge with this name already exists',
        errors: [{ field: 'name', message: 'An edge with this name already exists' }],
      },
    });
  });

  it('refuses invalid input with every field message, and writes nothing', async () => {
    const before = (await alex.json<Edge[]>('GET', '/api/v1/edges')).body.length;
    const res = await alex.json('POST', '/api/v1/edges', { name: 'x'.repeat(101), weightFactor: 2 });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      message: 'Validation failed',
      errors: [
        { field: 'name', message: 'Edge name must be less than 100 characters' },
        { field: 'description', message: 'Description is required' },
        { field: 'identificationNotes', message: 'Identification notes are required' },
        { field: 'weightFactor', message: 'Weight factor must be between 0 and 1' },
      ],
    });
    expect((await alex.json<Edge[]>('GET', '/api/v1/edges')).body.length).toBe(before);
  });

  it('updates an edge; the name stays unique excluding itself', async () => {
    const a = (await alex.json<Edge>('POST', '/api/v1/edges', edge('Volume'))).body;
    const renamed = await alex.json<Edge>('PUT', `/api/v1/edges/${a.id}`, edge('volume', 0.3));
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'volume', weightFactor: 0.3 });
    const clash = await alex.json('PUT', `/api/v1/edges/${a.id}`, edge('trend'));
    expect(clash.status).toBe(409);
  });

  it('deletes by deactivating: gone from the list, and the name is free again', async () => {
    const a = (await alex.json<Edge>('POST', '/api/v1/edges', edge('Gap'))).body;
    expect((await alex.call('DELETE', `/api/v1/edges/${a.id}`)).status).toBe(204);
    const names = (await alex.json<Edge[]>('GET', '/api/v1/edges')).body.map((e) => e.name);
    expect(names).not.toContain('Gap');
    expect((await alex.json('POST', '/api/v1/edges', edge('Gap'))).status).toBe(201);
    expect((await alex.json('DELETE', `/api/v1/edges/${a.id}`)).status).toBe(404);
  });

  it("lists the deactivated edges too, after the active ones, when asked (the app's cache keeps their names)", async () => {
    const kept = (await alex.json<Edge>('POST', '/api/v1/edges', edge('Base breakout'))).body;
    const gone = (await alex.json<Edge>('POST', '/api/v1/edges', edge('Old signal'))).body;
    await alex.call('DELETE', `/api/v1/edges/${gone.id}`);
    const all = (await alex.json<Edge[]>('GET', '/api/v1/edges?include=deactivated')).body;
    const active = (await alex.json<Edge[]>('GET', '/api/v1/edges')).body;
    expect(all.filter((e) => e.isActive)).toEqual(active);
    expect(all.slice(0, active.length)).toEqual(active);
    expect(all.find((e) => e.id === gone.id)).toMatchObject({ name: 'Old signal', isActive: false });
    expect(active.map((e) => e.id)).toContain(kept.id);
    expect(
      (await sam.json<Edge[]>('GET', '/api/v1/edges?include=deactivated')).body.map((e) => e.id),
    ).not.toContain(gone.id);
    expect(await alex.json('GET', '/api/v1/edges?include=everything')).toMatchObject({
      status: 400,
      body: { errors: [{ field: 'include', message: "Include must be 'deactivated'" }] },
    });
  });

  it('makes a create with a client id idempotent', async () => {
    const id = '0196b0a0-0000-7000-8000-000000000001';
    const first = await alex.json<Edge>('POST', '/api/v1/edges', { ...edge('Replay'), id });
    const again = await alex.json<Edge>('POST', '/api/v1/edges', { ...edge('Replay'), id });
    expect(first.status).toBe(201);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(
      (await alex.json<Edge[]>('GET', '/api/v1/edges')).body.filter((e) => e.name === 'Replay'),
    ).toHaveLength(1);
    // Another user cannot claim or read it through the id.
    expect((await sam.json('POST', '/api/v1/edges', { ...edge('Mine'), id })).status).toBe(409);
  });

  it('never brings a deleted (deactivated) edge back: a replayed create of its id is 410', async () => {
    const id = '0196b0a0-0000-7000-8000-00000000dead';
    expect((await alex.json('POST', '/api/v1/edges', { ...edge('Fading'), id })).status).toBe(201);
    expect((await alex.call('DELETE', `/api/v1/edges/${id}`)).status).toBe(204);
    expect(await alex.json('POST', '/api/v1/edges', { ...edge('Fading'), id })).toEqual({
      status: 410,
      body: {
        message: 'This record was deleted',
        errors: [{ field: 'id', message: 'This record was deleted' }],
      },
    });
    expect((await alex.json<Edge[]>('GET', '/api/v1/edges')).body.map((e) => e.id)).not.toContain(id);
    expect(await sam.json('POST', '/api/v1/edges', { ...edge('Fading'), id })).toMatchObject({
      status: 409,
      body: { message: 'This id cannot be used' },
    });
  });

  it("keeps one trader's edges from another: 404 as if they did not exist", async () => {
    const a = (await alex.json<Edge>('POST', '/api/v1/edges', edge('Private'))).body;
    expect((await sam.json<Edge[]>('GET', '/api/v1/edges')).body.map((e) => e.name)).not.toContain('Private');
    expect(await sam.json('PUT', `/api/v1/edges/${a.id}`, edge('Stolen'))).toEqual({
      status: 404,
      body: { message: 'Edge not found' },
    });
    expect((await sam.call('DELETE', `/api/v1/edges/${a.id}`)).status).toBe(404);
    // The same name is fine for another trader.
    expect((await sam.json('POST', '/api/v1/edges', edge('Private'))).status).toBe(201);
  });

  it('refuses a NUL in the text with a 400 on the field, not a database error', async () => {
    const res = await alex.json('POST', '/api/v1/edges', { ...edge('Nul'), description: 'a\u0000b' });
    const message = 'Text must not contain control characters';
    expect(res).toEqual({ status: 400, body: { message, errors: [{ field: 'description', message }] } });
  });

  it('answers 404 for a malformed id, never 500', async () => {
    expect(await alex.json('PUT', '/api/v1/edges/not-a-uuid', edge('X'))).toEqual({
      status: 404,
      body: { message: 'Edge not found' },
    });
  });
});
