import { isIPv6 } from 'node:net';
import type { FastifyRequest } from 'fastify';

/**
 * The address per-address rate limits count a client under (`request.ip`, which honours
 * TRUST_PROXY). IPv4 as it is; IPv6 by its /64 network, because a subscriber or a server is
 * handed a whole /64 and could otherwise spread its attempts over 2^64 addresses.
 */
export function clientAddress(request: FastifyRequest): string {
  return rateLimitAddress(request.ip);
}

export function rateLimitAddress(ip: string): string {
  const mappedIpv4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1];
  if (mappedIpv4) return mappedIpv4;
  if (!isIPv6(ip)) return ip;
  return `${ipv6Groups(ip).slice(0, 4).join(':')}::/64`;
}

/** The eight groups of an IPv6 address, as lower-case hex without leading zeros. */
function ipv6Groups(ip: string): string[] {
  const [head = '', tail] = ip.replace(/%.*$/, '').split('::');
  const headGroups = splitGroups(head);
  const tailGroups = splitGroups(tail ?? '');
  const elided = tail === undefined ? [] : Array(8 - headGroups.length - tailGroups.length);
  return [...headGroups, ...elided.fill('0'), ...tailGroups];
}

function splitGroups(part: string): string[] {
  if (part === '') return [];
  return part.split(':').flatMap((group) => {
    if (!group.includes('.')) return [Number.parseInt(group, 16).toString(16)];
    // An embedded IPv4 address (`::ffff:192.0.2.1`, `64:ff9b::192.0.2.1`) is two groups.
    const [a = 0, b = 0, c = 0, d = 0] = group.split('.').map(Number);
    return [((a << 8) | b).toString(16), ((c << 8) | d).toString(16)];
  });
}
