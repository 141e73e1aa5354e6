import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// The layers of docs/architecture.md: imports only point inward to src/domain.
const root = join(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [
    ...text.matchAll(
      /(?:import|export)[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|^import\s+['"]([^'"]+)['"]/gm,
    ),
  ].map((m) => (m[1] ?? m[2] ?? m[3]) as string);
}

function layerOf(file: string, spec: string): string | undefined {
  if (!spec.startsWith('.')) return undefined;
  const target = relative(join(root, 'src'), join(file, '..', spec));
  return target.split('/')[0];
}

describe('layering', () => {
  it('keeps src/domain pure: no React, no I/O, no other layer', () => {
    const banned =
      /^(react|react-dom|dexie|dexie-react-hooks|ofetch|hono|@hono\/|drizzle-orm|pg|@electric-sql\/|node:)/;
    for (const file of sourceFiles(join(root, 'src/domain'))) {
      for (const spec of importsOf(file)) {
        expect(banned.test(spec), `${relative(root, file)} imports ${spec}`).toBe(false);
        expect(['client', 'server'], `${relative(root, file)} imports ${spec}`).not.toContain(
          layerOf(file, spec),
        );
      }
      expect(readFileSync(file, 'utf8'), `${relative(root, file)} reads the clock`).not.toMatch(
        /Date\.now\(\)|new Date\(\)/,
      );
    }
  });

  it('never lets the client import the server, nor the server the client', () => {
    for (const [from, forbidden] of [
      ['client', 'server'],
      ['server', 'client'],
    ] as const) {
      for (const file of sourceFiles(join(root, 'src', from))) {
        for (const spec of importsOf(file)) {
          expect(layerOf(file, spec), `${relative(root, file)} imports ${spec}`).not.toBe(forbidden);
        }
      }
    }
  });

  it("keeps the client's data layer free of UI: sync/ and db/ import no React and nothing of ui/ or app/", () => {
    const react = /^(react|react-dom|dexie-react-hooks)(\/|$)/;
    const client = join(root, 'src/client');
    // What the data layer may reach: the domain, the API wrapper and itself.
    const allowed = ['domain', 'client/api', 'client/db', 'client/sync'];
    const files = ['sync', 'db'].flatMap((dir) => sourceFiles(join(client, dir)));
    expect(files.length).toBeGreaterThan(5);
    for (const file of files) {
      expect(file.endsWith('.tsx'), `${relative(root, file)} renders`).toBe(false);
      for (const spec of importsOf(file)) {
        expect(react.test(spec), `${relative(root, file)} imports ${spec}`).toBe(false);
        if (!spec.startsWith('.')) continue;
        const target = relative(join(root, 'src'), join(file, '..', spec));
        expect(
          allowed.some((place) => target.startsWith(`${place}/`)),
          `${relative(root, file)} imports ${spec}`,
        ).toBe(true);
      }
    }
  });

  it('calls the API only from the named paths: sync/ for records, serverData/ for the rest', () => {
    // docs/architecture.md, "Server-owned data": the API wrapper (`api`, and `apiBaseUrl` for the
    // restore's upload) is imported nowhere else; its error readers may be imported anywhere.
    const client = join(root, 'src/client');
    const named = ['sync', 'serverData'].map((dir) => join(client, dir));
    const callers = sourceFiles(client).filter((file) => {
      const text = readFileSync(file, 'utf8');
      return [...text.matchAll(/import\s*\{([^}]*)\}\s*from\s*['"][^'"]*\/api\/http\.ts['"]/g)].some((m) =>
        (m[1] as string).split(',').some((name) => /^\s*(api|apiBaseUrl)\s*$/.test(name)),
      );
    });
    expect(callers.length).toBeGreaterThan(3);
    const outside = callers.filter((file) => !named.some((dir) => file.startsWith(`${dir}/`)));
    expect(outside.map((file) => relative(root, file))).toEqual([]);
  });

  it('lets no component query Dexie: a .tsx imports neither the database nor a live query', () => {
    // Pages read through per-entity hooks (docs/architecture.md, "Server-owned data"). The entry
    // (src/client/main.tsx) only opens the database before React's first render.
    const inline = /(^|\/)(db\/db\.ts|dexie|dexie-react-hooks|ui\/useLiveQuery\.ts|useLiveQuery\.ts)$/;
    const found = sourceFiles(join(root, 'src/client'))
      .filter((file) => file.endsWith('.tsx') && !file.endsWith('src/client/main.tsx'))
      .flatMap((file) =>
        staticImportsOf(file)
          .filter((spec) => inline.test(spec))
          .map((spec) => `${relative(root, file)} imports ${spec}`),
      );
    expect(found).toEqual([]);
  });

  it('keeps HTTP at the edge: db/ and repositories throw refusals and never import http/', () => {
    const http = join(root, 'src/server/http');
    const files = sourceFiles(join(root, 'src/server')).filter(
      (file) => file.startsWith(join(root, 'src/server/db/')) || file.endsWith('Repository.ts'),
    );
    expect(files.length).toBeGreaterThan(3);
    for (const file of files) {
      for (const spec of importsOf(file)) {
        const target = join(file, '..', spec);
        expect(
          spec.startsWith('.') && (target === http || target.startsWith(`${http}/`)),
          `${relative(root, file)} imports ${spec}`,
        ).toBe(false);
      }
    }
  });
});

/** The modules a file loads with it: static imports that are not type-only (lazy `import()` is left out). */
function staticImportsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/^(?:import|export)(?!\s+type\b)[^'";]*?from\s+['"]([^'"]+)['"]/gm)].map(
    (m) => m[1] as string,
  );
}

describe('the first download', () => {
  it('carries no validator and not every message: records for their types only', () => {
    // The structs load with the forms (docs/architecture.md, "The client"); at start they would
    // cost the budget of docs/benchmarks.md some 4 KB.
    const seen = new Set<string>();
    const queue = [join(root, 'src/client/main.tsx')];
    const packages = new Set<string>();
    while (queue.length > 0) {
      const file = queue.pop() as string;
      if (seen.has(file)) continue;
      seen.add(file);
      for (const spec of staticImportsOf(file)) {
        if (spec.startsWith('.')) {
          if (/\.(ts|tsx)$/.test(spec)) queue.push(join(file, '..', spec));
        } else packages.add(spec);
      }
    }
    expect(seen.size).toBeGreaterThan(20);
    expect([...packages]).not.toContain('superstruct');
    // Nor every message: the frame's own come from src/domain/appMessages.ts (some 2 KB).
    expect([...seen].map((f) => relative(root, f))).not.toContain('src/domain/messages.ts');
    expect([...seen].map((f) => relative(root, f))).toContain('src/domain/appMessages.ts');
    // Nor every formatter: the frame's timestamp comes from src/domain/timestamp.ts (some 0.9 KB).
    expect([...seen].map((f) => relative(root, f))).not.toContain('src/domain/format.ts');
  });
});

/** What a server file's imports reach, as entries of src/server: a feature folder, or a file at its top. */
function serverEntryOf(path: string): string {
  return relative(join(root, 'src/server'), path).split('/')[0] as string;
}

describe('the server folders (docs/architecture.md, "The server")', () => {
  const server = join(root, 'src/server');
  const files = sourceFiles(server);

  it('import one another without a loop, types included', () => {
    const arrows = new Map<string, Set<string>>();
    for (const file of files) {
      const from = serverEntryOf(file);
      for (const spec of importsOf(file)) {
        const target = join(file, '..', spec);
        if (!spec.startsWith('.') || !target.startsWith(`${server}/`)) continue;
        const to = serverEntryOf(target);
        if (to !== from) arrows.set(from, (arrows.get(from) ?? new Set()).add(to));
      }
    }
    expect(arrows.size).toBeGreaterThan(10);
    // Depth-first: a node met again while still on the path closes a loop.
    const done = new Set<string>();
    const path: string[] = [];
    const loopFrom = (node: string): string[] | undefined => {
      if (path.includes(node)) return [...path.slice(path.indexOf(node)), node];
      if (done.has(node)) return undefined;
      path.push(node);
      for (const next of arrows.get(node) ?? []) {
        const loop = loopFrom(next);
        if (loop) return loop;
      }
      path.pop();
      done.add(node);
      return undefined;
    };
    for (const node of arrows.keys()) expect(loopFrom(node)?.join(' → ')).toBeUndefined();
  });

  it('query each table only in the folder that owns it', () => {
    // The repository of each table; other folders call it or a query module it exports.
    const owners: Record<string, string> = {
      users: 'auth',
      sessions: 'auth',
      oauthStates: 'auth',
      brokerTokens: 'auth',
      accountSettings: 'accounts',
      edges: 'edges',
      tradePlanEdges: 'edges',
      tradeSetups: 'setups',
      tradePlans: 'plans',
      executions: 'trades',
      tradeAnnotations: 'trades',
      tombstones: 'db',
      pushSubscriptions: 'alerts',
      sentAlerts: 'alerts',
      orders: 'orders',
      orderExchanges: 'orders',
      candles: 'candles',
      candleSpans: 'candles',
      candleBudgets: 'candles',
      traderSettings: 'settings',
    };
    // The only exception: the backup names every table it does not hold, and why
    // (`NOT_BACKED_UP`, tests/server/backupCoverage.test.ts).
    const shared: Record<string, string[]> = {
      'backup/backupService.ts': [
        ...['users', 'sessions', 'oauthStates', 'brokerTokens', 'pushSubscriptions', 'sentAlerts'],
        ...['tombstones', 'orders', 'orderExchanges', 'candles', 'candleSpans', 'candleBudgets'],
      ],
    };
    const schema = files.filter((f) => relative(server, f).startsWith('db/schema'));
    const tables = schema.flatMap((f) =>
      [...readFileSync(f, 'utf8').matchAll(/export const (\w+) = pgTable\(/g)].map((m) => m[1] as string),
    );
    expect(tables.sort()).toEqual(Object.keys(owners).sort());
    const outside: string[] = [];
    for (const file of files) {
      const name = relative(server, file);
      // db/ defines the tables and the journal's own mechanics over them (stamps, limits, tombstones).
      if (name.startsWith('db/')) continue;
      const names = [
        ...readFileSync(file, 'utf8').matchAll(/import[^;]*?\{([^}]*)\}\s*from\s*'[./]*db\/schema\.ts'/g),
      ].flatMap((m) => (m[1] as string).split(',').map((s) => s.replace(/^\s*type\s+/, '').trim()));
      for (const table of names.filter((n) => n in owners)) {
        if (owners[table] !== serverEntryOf(file) && !shared[name]?.includes(table))
          outside.push(`${name} queries ${table} (owned by ${owners[table]}/)`);
      }
    }
    expect(outside).toEqual([]);
  });

  it('give every repository one shape: a factory of the database (and the clock)', () => {
    const plain = files
      .filter((f) => f.endsWith('Repository.ts'))
      .map((f) => relative(server, f))
      .filter((name) => {
        const factory = `create${(name.split('/').pop() as string).replace(/^\w/, (c) => c.toUpperCase()).replace(/\.ts$/, '')}`;
        return !new RegExp(`^export function ${factory}\\(db: Database`, 'm').test(
          readFileSync(join(server, name), 'utf8'),
        );
      });
    expect(plain).toEqual([]);
  });
});
