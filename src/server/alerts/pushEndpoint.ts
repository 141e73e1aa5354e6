import { isPushEndpoint } from '../../domain/alerts.ts';

/** Where a push goes, read once from its endpoint by the WHATWG parser: the request uses these. */
export interface PushTarget {
  /** `https://host[:port]`: the VAPID audience. */
  origin: string;
  hostname: string;
  port: number;
  /** The path and query, as the request line carries them. */
  path: string;
}

/**
 * The endpoint as a URL, when it has the push endpoints' shape (src/domain/alerts.ts) and reads
 * back exactly as the WHATWG parser writes it: then no other parser can find another host in it.
 */
export function pushUrlOf(endpoint: string): URL | undefined {
  if (!isPushEndpoint(endpoint)) return undefined;
  try {
    const url = new URL(endpoint);
    return url.href === endpoint ? url : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether a PUSH_SERVICE_HOSTS entry allows the URL: `host` is that host and its subdomains on
 * https's own port; `host:port` that host on that port only (a test's local push service).
 */
function allows(entry: string, url: URL): boolean {
  const [host, port] = entry.split(':');
  if (port !== undefined) return url.hostname === host && url.port === port;
  return url.port === '' && (url.hostname === host || url.hostname.endsWith(`.${host}`));
}

/** Where to post a push to this endpoint; nothing when it is not a listed push service's. */
export function pushTargetOf(endpoint: string, hosts: readonly string[]): PushTarget | undefined {
  const url = pushUrlOf(endpoint);
  if (url === undefined || !hosts.some((entry) => allows(entry, url))) return undefined;
  return {
    origin: url.origin,
    hostname: url.hostname,
    port: url.port === '' ? 443 : Number(url.port),
    path: `${url.pathname}${url.search}`,
  };
}

/** Whether a PUSH_SERVICE_HOSTS entry is a host name, or one with a port, as endpoints name them. */
export const isPushHostEntry = (entry: string): boolean => pushUrlOf(`https://${entry}/`) !== undefined;
