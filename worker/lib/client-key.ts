import ipaddr from "ipaddr.js";

/**
 * Whom the per-address limits and the insights' bound count a request as (issue 37, ADR 0064):
 * an IPv4 address as itself; an IPv4-mapped IPv6 address (`::ffff:1.2.3.4`, what a dual-stack
 * socket reports for an IPv4 client) as that IPv4 address; any other IPv6 address as its /64,
 * in one spelling (RFC 5952), whatever the spelling it came in (compressed or not, upper case,
 * with a zone id). One home network or one host gets a whole /64 and picks any of its 2^64
 * addresses at will, so counting addresses one by one would count no client at all.
 * Anything that is no address (`unknown` when Cloudflare sent none) is kept as it is.
 */
export function clientKey(address: string): string {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.process(address);
  } catch {
    return address;
  }
  if (parsed.kind() === "ipv4") return parsed.toString();
  const [a = 0, b = 0, c = 0, d = 0] = (parsed as ipaddr.IPv6).parts;
  return `${new ipaddr.IPv6([a, b, c, d, 0, 0, 0, 0]).toRFC5952String()}/64`;
}
