import { lookup as dnsLookup } from 'node:dns/promises';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/** A host name's addresses, as `dns.lookup` with `all` answers them. */
export type Resolve = (hostname: string) => Promise<readonly { address: string; family: number }[]>;

/** The system's resolver. */
export const systemResolve: Resolve = (hostname) => dnsLookup(hostname, { all: true });

/** A push host resolved to an address inside a network, not on the internet: nothing is sent. */
export class AddressRefused extends Error {
  readonly code = 'EPUSHADDRESSREFUSED';
  constructor(hostname: string) {
    super(`${hostname} resolves to an address that is not public`);
    this.name = 'AddressRefused';
  }
}

/**
 * Networks no push service is on: private (RFC 1918, fc00::/7), shared (CGNAT, 100.64/10),
 * link-local (169.254/16 where cloud metadata answers, fe80::/10), unspecified, multicast and
 * reserved. IPv4 ranges are refused in their IPv4-mapped (::ffff:0:0/96) and NAT64
 * (64:ff9b::/96) forms too, which reach the same IPv4 address.
 */
const IPV4_REFUSED: [string, number][] = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
];
const IPV6_REFUSED: [string, number][] = [
  ['::', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
];
const IPV4_LOOPBACK: [string, number][] = [['127.0.0.0', 8]];
const IPV6_LOOPBACK: [string, number][] = [['::1', 128]];

function blockList(ipv4: [string, number][], ipv6: [string, number][]): BlockList {
  const list = new BlockList();
  for (const [net, prefix] of ipv4) {
    list.addSubnet(net, prefix, 'ipv4');
    list.addSubnet(`::ffff:${net}`, 96 + prefix, 'ipv6');
    list.addSubnet(`64:ff9b::${net}`, 96 + prefix, 'ipv6');
  }
  for (const [net, prefix] of ipv6) list.addSubnet(net, prefix, 'ipv6');
  return list;
}

const REFUSED = blockList(IPV4_REFUSED, IPV6_REFUSED);
const LOOPBACK = blockList(IPV4_LOOPBACK, IPV6_LOOPBACK);

/** Whether a push may go to this address; loopback only when a test allows it. */
export function isPublicAddress(address: string, loopbackAllowed: boolean): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  const type = family === 4 ? 'ipv4' : 'ipv6';
  return !REFUSED.check(address, type) && (loopbackAllowed || !LOOPBACK.check(address, type));
}

/**
 * A `lookup` for the push's connection (net.connect calls it with the host it connects to): it
 * resolves once, refuses unless every address is public, and hands those very addresses to the
 * connection, so nothing can answer a second lookup differently (DNS rebinding).
 */
export function publicLookup(resolve: Resolve, loopbackAllowed: boolean): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (found) => {
        const family = options.family === 4 || options.family === 6 ? options.family : undefined;
        const addresses = found.filter((a) => family === undefined || a.family === family);
        const first = addresses[0];
        if (first === undefined) {
          const error = Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' });
          callback(error, '');
        } else if (!addresses.every((a) => isPublicAddress(a.address, loopbackAllowed))) {
          callback(new AddressRefused(hostname), '');
        } else if (options.all) {
          callback(null, [...addresses]);
        } else {
          callback(null, first.address, first.family);
        }
      },
      (error: NodeJS.ErrnoException) => callback(error, ''),
    );
  };
}
