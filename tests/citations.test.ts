// Every citation points at a file and a heading that exist (README.md, "Contributing"): in the
// comments of src/, scripts/, tests/ and the root config files, and in README.md and docs/*.md.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');

/**
 * What counts as a citation, in the text of one comment (its lines joined by a space):
 * - a doc and a heading: `docs/product.md, "Trade plans"`, `(README, "Scaling out")`,
 *   `docs/product.md ("Trades")`, `README.md's "Configuration"`: the file exists and has a
 *   heading (any level) with exactly that text;
 * - a file: a path ending in one of the extensions of FILE, such as `src/client/db/db.ts`, or
 *   the same path from the citing file's folder, from its layer (src/client for a client file),
 *   from src/ or from the root.
 * Not citations: URLs, globs and placeholders (`drizzle/*.sql`, `…Mutations.ts`), anything in
 * code (imports are code), and `SPEC §7` (the specification lives outside the repository).
 */
const DOC_HEADING = /\b((?:[\w.-]+\/)*[\w-]+\.md|README)\b(?:,|'s)? ?\(?"([^"]+)"/g;
const FILE = /(?<![\w@.*…-])\/?(?:\.\.?\/|[\w-]+\/)*[\w.-]*\w\.(?:tsx?|mjs|css|md|json|sql)(?![\w/*-])/g;
const URL = /\b[a-z]+:\/\/\S+/g;
/** Placeholders: the example resource of docs/adding-a-resource.md, and dated file names. */
const PLACEHOLDER = /watchItem|YYYY/i;

/** Comments of JS/TS/CSS, strings skipped so that `'//'` is not one; consecutive `//` lines are one comment. */
const TOKEN =
  /\/\/[^\n]*(?:\n[ \t]*\/\/[^\n]*)*|\/\*[\s\S]*?\*\/|'(?:\\.|[^'\\\n])*'|"(?:\\.|[^"\\\n])*"|`(?:\\[\s\S]|[^`\\])*`/g;

interface Passage {
  file: string;
  firstLine: number;
  lines: string[];
}

function* filesUnder(dir: string): Generator<string> {
  for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
    const path = posix.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(path);
    else yield path;
  }
}

function* commentsOf(file: string): Generator<Passage> {
  const text = readFileSync(join(root, file), 'utf8');
  let line = 1;
  let at = 0;
  for (const m of text.matchAll(TOKEN)) {
    for (; at < m.index; at++) if (text[at] === '\n') line++;
    if (!m[0].startsWith('/')) continue;
    const lines = m[0].split('\n').map((l) => l.replace(/^\s*(\/\/|\/\*\*?|\*(?!\/))?\s*/, ''));
    yield { file, firstLine: line, lines };
  }
}

const passages = (): Passage[] => {
  const code = ['src', 'scripts', 'tests'].flatMap((d) => [...filesUnder(d)]);
  const sources = [...code, 'vite.config.ts', 'drizzle.config.ts'].filter((f) => /\.(tsx?|mjs|css)$/.test(f));
  const docs = ['README.md', ...readdirSync(join(root, 'docs')).map((f) => `docs/${f}`)];
  return [
    ...sources.flatMap((f) => [...commentsOf(f)]),
    ...docs.map((f) => ({ file: f, firstLine: 1, lines: readFileSync(join(root, f), 'utf8').split('\n') })),
  ];
};

const LAYERS = ['domain', 'client', 'server'];

/**
 * Where a cited path may start: the citing file's folder, its layer (src/ and tests/; every layer
 * from a doc), src/, the root.
 */
function bases(file: string): string[] {
  const layer = file.match(/^(?:src|tests)\/(\w+)\//)?.[1];
  const layers = file.endsWith('.md') ? LAYERS : layer ? [layer] : [];
  return [posix.dirname(file), ...layers.flatMap((l) => [`src/${l}`, `tests/${l}`]), 'src', '.'];
}

/** The cited path as a path from the root, when it exists. */
function resolve(file: string, cited: string): string | undefined {
  if (cited.startsWith('/')) return existsSync(join(root, cited)) ? cited.slice(1) : undefined;
  return bases(file)
    .map((base) => posix.normalize(posix.join(base, cited)))
    .find((path) => existsSync(join(root, path)));
}

/** A doc may name a file alone where its text says which folder (`sync/`: `outbox.ts`). */
const NAMES = new Set(
  [...['src', 'scripts', 'tests', 'docs'].flatMap((d) => [...filesUnder(d)]), ...readdirSync(root)].map((f) =>
    posix.basename(f),
  ),
);
const exists = (file: string, cited: string): boolean =>
  resolve(file, cited) !== undefined || (file.endsWith('.md') && !cited.includes('/') && NAMES.has(cited));

const headingsCache = new Map<string, Set<string>>();
function headingsOf(doc: string): Set<string> {
  let headings = headingsCache.get(doc);
  if (!headings) {
    const text = readFileSync(join(root, doc), 'utf8');
    headings = new Set([...text.matchAll(/^#{1,6} +(.+?) *$/gm)].map((m) => m[1] as string));
    headingsCache.set(doc, headings);
  }
  return headings;
}

/** Every bad citation as `file:line: cited thing`. */
function badCitations(): string[] {
  const bad: string[] = [];
  for (const { file, firstLine, lines } of passages()) {
    const text = lines.join(' ').replace(URL, (url) => ' '.repeat(url.length));
    const lineAt = (index: number) => {
      let end = 0;
      for (const [i, l] of lines.entries()) {
        end += l.length + 1;
        if (end > index) return firstLine + i;
      }
      return firstLine + lines.length - 1;
    };
    const report = (index: number, cited: string) =>
      bad.push(`${file}:${lineAt(index)}: ${cited.replace(/\s+/g, ' ')}`);
    for (const m of text.matchAll(DOC_HEADING)) {
      const [cited, docName, heading] = m as unknown as [string, string, string];
      const doc = resolve(file, docName === 'README' ? 'README.md' : docName);
      if (doc && !headingsOf(doc).has(heading.replace(/\s+/g, ' '))) report(m.index, cited);
    }
    for (const m of text.matchAll(FILE)) {
      if (!PLACEHOLDER.test(m[0]) && !exists(file, m[0])) report(m.index, m[0]);
    }
  }
  return bad;
}

describe('citations', () => {
  it('point at files and headings that exist', () => {
    expect(badCitations()).toEqual([]);
  });
});
