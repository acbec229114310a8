import dns from "node:dns";
import type net from "node:net";
import ipaddr from "ipaddr.js";

/**
 * Which addresses a URL chosen by someone else may reach: remote token metadata (a contract's owner picks its URI) and
 * webhook endpoints (a project picks them). By default no special-use address (private, loopback, link-local,
 * reserved...), so neither can reach the cloud metadata service or the database next door.
 */

/**
 * The special-use range an address belongs to (loopback, private, reserved, documentation, benchmarking, multicast,
 * NAT64, 6to4...), as ipaddr.js classifies them from the IANA registries; undefined for a global unicast address.
 * An IPv4-mapped IPv6 address is judged by its IPv4 address.
 */
export function specialUseRange(address: string): string | undefined {
  const parsed = ipaddr.parse(address);
  const judged = parsed.kind() === "ipv6" && (parsed as ipaddr.IPv6).isIPv4MappedAddress() ? (parsed as ipaddr.IPv6).toIPv4Address() : parsed;
  const range = judged.range();
  return range === "unicast" ? undefined : range;
}

/** Why connecting to `address` is refused, or undefined when it is not. */
export function specialUseRefusal(address: string): string | undefined {
  const range = specialUseRange(address);
  return range === undefined ? undefined : `a special-use address (${range})`;
}

/**
 * A `lookup` for node:http(s) that refuses a host name resolving to a special-use address, at connection time (so a
 * name that resolved elsewhere when it was checked cannot be turned to one later). Node does not call `lookup` for an
 * IP literal: check those with specialUseRefusal first.
 */
export function guardedLookup(makeError: (message: string) => Error): net.LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: false }, (error, address, family) => {
      const refusal = !error ? specialUseRefusal(address as string) : undefined;
      if (refusal) {
        callback(makeError(`${hostname} resolves to ${refusal}: ${address}; refused`), "", 4);
        return;
      }
      callback(error, address as string, family as number);
    });
  };
}
