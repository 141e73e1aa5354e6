import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join, normalize, sep } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Context, MiddlewareHandler } from 'hono';
import { messages } from '../../domain/messages.ts';
import { pageHeadingOf } from '../../domain/pages.ts';
import { preferredEncoding } from './compression.ts';
import { withPageHeading } from './pageShell.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.webmanifest', '.svg', '.txt']);

interface Asset {
  mtimeMs: number;
  body: Buffer;
  gzip: Buffer | undefined;
  br: Buffer | undefined;
}

/** Once per file version, so the slowest (smallest) brotli is affordable. */
const brotliOnce = (body: Buffer) =>
  brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } });

/**
 * The request's path, percent-decoded once from the raw URL (so `%2f` becomes a separator here,
 * where the folder check below sees it). Undefined when the encoding is malformed (`/%C0`).
 */
function decodedPath(url: string): string | undefined {
  try {
    return decodeURIComponent(new URL(url).pathname);
  } catch {
    return undefined;
  }
}

/** Inside the folder itself, not merely a sibling whose name starts the same (`dist-private`). */
function isInside(dir: string, path: string): boolean {
  const root = dir.endsWith(sep) ? dir : `${dir}${sep}`;
  return path === dir || path.startsWith(root);
}

/**
 * Serves the built PWA: hashed assets cached for a year, index.html and the service worker
 * always revalidated, text compressed (brotli or gzip) once per file version, and app routes answered with
 * index.html. /api is never answered from here.
 */
export function serveApp(staticDir: string): MiddlewareHandler {
  const cache = new Map<string, Asset>();

  /** A file, or with `page` index.html with that page's heading written in (pageShell.ts). */
  function load(path: string, page?: string): Asset | undefined {
    if (!existsSync(path)) return undefined;
    const stat = statSync(path);
    if (!stat.isFile()) return undefined;
    const key = page === undefined ? path : `${path}#${page}`;
    const hit = cache.get(key);
    if (hit && hit.mtimeMs === stat.mtimeMs) return hit;
    const file = readFileSync(path);
    const body = page === undefined ? file : Buffer.from(withPageHeading(file.toString('utf8'), page));
    const compressible = COMPRESSIBLE.has(extname(path));
    const asset = {
      mtimeMs: stat.mtimeMs,
      body,
      gzip: compressible ? gzipSync(body) : undefined,
      br: compressible ? brotliOnce(body) : undefined,
    };
    cache.set(key, asset);
    return asset;
  }

  function send(c: Context, path: string, asset: Asset, isFallback: boolean): Response {
    const ext = extname(path);
    const headers: Record<string, string> = { 'Content-Type': TYPES[ext] ?? 'application/octet-stream' };
    const rel = path.slice(staticDir.length);
    headers['Cache-Control'] =
      rel.startsWith(`${sep}assets${sep}`) && !isFallback
        ? 'public, max-age=31536000, immutable'
        : 'no-cache';
    headers.Vary = 'Accept-Encoding';
    const encoding = preferredEncoding(c.req.header('Accept-Encoding'));
    const encoded = encoding && asset[encoding];
    const body = encoded ?? asset.body;
    if (encoded) headers['Content-Encoding'] = encoding;
    if (c.req.method === 'HEAD') return c.body(null, 200, headers);
    return c.body(new Uint8Array(body), 200, headers);
  }

  return async (c, next) => {
    const method = c.req.method;
    if ((method !== 'GET' && method !== 'HEAD') || c.req.path.startsWith('/api/') || c.req.path === '/api') {
      return next();
    }
    const decoded = decodedPath(c.req.url);
    if (decoded === undefined) return c.json({ message: messages.malformedUrl }, 400);
    const path = normalize(join(staticDir, decoded));
    if (!isInside(staticDir, path)) return next();
    const asset = load(path);
    if (asset) return send(c, path, asset, false);
    // A missing file with an extension is a 404; anything else is an app route.
    if (extname(decoded) !== '') return next();
    const indexPath = join(staticDir, 'index.html');
    // Keyed by page, never by the raw path: made-up paths cannot grow the cache.
    const index = load(indexPath, pageHeadingOf(decoded) ? decoded : '');
    return index ? send(c, indexPath, index, true) : next();
  };
}
