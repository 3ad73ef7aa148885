/**
 * The key every per-address limit counts by. An IPv4 address is a client; an IPv6 client is given
 * a whole /64 (one home or phone gets 2^64 addresses and may change them at will), so its /64
 * prefix is the client. An IPv4-mapped IPv6 (`::ffff:192.0.2.1`, `::ffff:c000:201`) is the IPv4
 * it carries. Anything that is not an address ('sem-ip', 'cron') is its own key, unchanged.
 *
 * The result for IPv6 is canonical whatever the textual form (compressed `::`, leading zeros,
 * upper case, a zone `%eth0`, brackets): `2001:db8:0:12::/64`.
 */
export function addressKey(ip: string): string {
  const text = ip.trim()
  if (!text.includes(':')) return ip
  const groups = ipv6Groups(
    text
      .replace(/^\[(.*)\]$/, '$1')
      .replace(/%.*$/, '')
      .toLowerCase(),
  )
  if (!groups) return ip
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    const [high = 0, low = 0] = groups.slice(6)
    return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.')
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`
}

const HEX_GROUP = /^[0-9a-f]{1,4}$/
const DECIMAL_OCTET = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/

/** The eight 16-bit groups of an IPv6 address in text, or null when it is not one. */
function ipv6Groups(text: string): number[] | null {
  let body = text
  const tail: number[] = []
  // A dotted IPv4 in the last 32 bits (`::ffff:1.2.3.4`, `64:ff9b::1.2.3.4`).
  if (body.includes('.')) {
    const cut = body.lastIndexOf(':')
    const octets = body.slice(cut + 1).split('.')
    if (octets.length !== 4 || !octets.every((o) => DECIMAL_OCTET.test(o))) return null
    const [a, b, c, d] = octets.map(Number) as [number, number, number, number]
    tail.push((a << 8) | b, (c << 8) | d)
    // Keep the colon before the IPv4 when it ends a `::`, so `::1.2.3.4` stays `::`.
    body = body.slice(0, body.endsWith('::', cut + 1) ? cut + 1 : cut)
  }
  const halves = body.split('::')
  if (halves.length > 2) return null
  const parse = (part: string | undefined) => (part ? part.split(':') : [])
  const head = parse(halves[0])
  const rest = parse(halves[1])
  const written = [...head, ...rest]
  if (!written.every((g) => HEX_GROUP.test(g))) return null
  const missing = 8 - tail.length - written.length
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null
  return [
    ...head.map((g) => Number.parseInt(g, 16)),
    ...Array<number>(halves.length === 1 ? 0 : missing).fill(0),
    ...rest.map((g) => Number.parseInt(g, 16)),
    ...tail,
  ]
}
