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
