import ipaddr from 'ipaddr.js';

/**
 * SSRF guards for webhook URLs, as small pure functions. `checkWebhookUrl` runs at registration
 * without DNS; `isPublicAddress` also vets every address a name resolves to at attempt time.
 * Hosts named in UNSAFE_WEBHOOK_ALLOW_HOSTS (tests, local development) pass both.
 */

export type UrlRefusal =
  | 'invalid_url'
  | 'scheme_not_allowed'
  | 'userinfo_not_allowed'
  | 'ambiguous_ipv4_form'
  | 'port_not_allowed'
  | 'address_not_public'
  | 'host_not_public';

export type UrlCheck = { ok: true; url: URL } | { ok: false; reason: UrlRefusal; message: string };

/** The longest webhook URL (spec section 8). */
export const MAX_URL_LENGTH = 2048;

/** Names that only ever mean something inside a network, and the cloud metadata services. */
const BLOCKED_NAMES = new Set([
  'localhost',
  'metadata',
  'metadata.goog',
  'metadata.google.internal',
  'metadata.azure.com',
  'instance-data',
  'instance-data.ec2.internal',
  'kubernetes.default',
  'kubernetes.default.svc',
]);
const BLOCKED_SUFFIXES = [
  '.localhost',
  '.local',
  '.internal',
  '.localdomain',
  '.home.arpa',
  '.intranet',
  '.lan',
  '.corp',
  '.svc',
  '.cluster.local',
];

/** Lower case, IPv6 brackets and a trailing dot removed, addresses in canonical form. */
export function normalizeHost(host: string): string {
  let h = host.toLowerCase();
  if (h.startsWith('[') && h.endsWith(']')) h = h.slice(1, -1);
  if (h.endsWith('.')) h = h.slice(0, -1);
  if (ipaddr.isValid(h) && (ipaddr.IPv6.isValid(h) || ipaddr.IPv4.isValidFourPartDecimal(h))) {
    return ipaddr.parse(h).toString();
  }
  return h;
}

export function isAllowedHost(host: string, allowHosts: readonly string[]): boolean {
  if (allowHosts.length === 0) return false;
  const h = normalizeHost(host);
  return allowHosts.some((a) => normalizeHost(a) === h);
}

/**
 * True only for globally routable unicast addresses: never loopback, private, link-local, CGNAT,
 * multicast, broadcast, unspecified, documentation, benchmarking or other reserved space, and for
 * IPv6 only 2000::/3 (so IPv4-mapped, IPv4-compatible, NAT64, 6to4 and Teredo forms, which embed
 * an IPv4 address, are refused too).
 */
export function isPublicAddress(address: string): boolean {
  const bare = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
  if (!ipaddr.IPv6.isValid(bare) && !ipaddr.IPv4.isValidFourPartDecimal(bare)) return false;
  const ip = ipaddr.parse(bare);
  if (ip.kind() === 'ipv4') return ip.range() === 'unicast';
  const v6 = ip as ipaddr.IPv6;
  if (v6.zoneId) return false;
  const first = v6.parts[0]!;
  return v6.range() === 'unicast' && first >= 0x2000 && first <= 0x3fff;
}

/**
 * A port a request can go to: none (the scheme's default) or 1..65535. The URL parser already refuses
 * ports above 65535 but keeps port 0, which no receiver listens on.
 */
export function hasUsablePort(url: URL): boolean {
  if (url.port === '') return true;
  const port = Number(url.port);
  return Number.isInteger(port) && port >= 1 && port <= 65535;
}

/** The host exactly as written in the URL (between "//" and the path), before the parser normalises it. */
function rawAuthority(input: string): string {
  const afterScheme = input.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '');
  return afterScheme.split(/[/?#\\]/, 1)[0] ?? '';
}

function rawHost(authority: string): string {
  const hostPort = authority.slice(authority.lastIndexOf('@') + 1);
  if (hostPort.startsWith('[')) return hostPort.slice(0, hostPort.indexOf(']') + 1);
  return hostPort.replace(/:\d*$/, '');
}

const refuse = (reason: UrlRefusal, message: string): UrlCheck => ({ ok: false, reason, message });

/**
 * How a developer lets a local receiver through, added to the refusal of a non-public host on a development
 * server only: in production the operator must not be nudged towards the unsafe setting.
 */
export function allowHostHint(host: string): string {
  return (
    `For local development, add the host to UNSAFE_WEBHOOK_ALLOW_HOSTS in the server's environment ` +
    `(a comma list, e.g. UNSAFE_WEBHOOK_ALLOW_HOSTS=${host}) and restart the server and workers; ` +
    'never set it in production.'
  );
}

/**
 * The registration guard: no DNS, only what the URL itself says. On a development server
 * (`opts.development`), refusing a loopback, private or local host says how to allow it.
 */
export function checkWebhookUrl(
  input: string,
  allowHosts: readonly string[] = [],
  opts: { development?: boolean } = {},
): UrlCheck {
  if (input.length === 0 || input.length > MAX_URL_LENGTH)
    return refuse('invalid_url', `The URL must have 1 to ${MAX_URL_LENGTH} characters.`);
  // Control characters, spaces and backslashes are cleaned up differently by different parsers.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  if (/[\u0000-\u0020\u007f\\]/.test(input))
    return refuse('invalid_url', 'The URL contains spaces, control characters or backslashes.');
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    return refuse('invalid_url', 'The URL could not be parsed.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return refuse('scheme_not_allowed', 'Only http and https URLs can receive webhooks.');
  if (!/^https?:\/\//i.test(input)) return refuse('invalid_url', 'Write the URL as http(s)://host/path.');
  const authority = rawAuthority(input);
  if (url.username !== '' || url.password !== '' || authority.includes('@'))
    return refuse('userinfo_not_allowed', 'The URL may not carry a user name or password.');
  if (!hasUsablePort(url)) return refuse('port_not_allowed', 'The port must be 1 to 65535.');

  const host = normalizeHost(url.hostname);
  if (isAllowedHost(host, allowHosts)) return { ok: true, url };
  const notPublic = (reason: 'address_not_public' | 'host_not_public', message: string) =>
    refuse(reason, opts.development ? `${message} ${allowHostHint(host)}` : message);

  if (url.hostname.startsWith('[')) {
    return isPublicAddress(host)
      ? { ok: true, url }
      : notPublic('address_not_public', 'The address is not a public unicast address.');
  }
  if (ipaddr.IPv4.isValidFourPartDecimal(host)) {
    // The URL parser turns 0x7f.1, 2130706433 or 0177.0.0.1 into dotted decimal; we refuse such forms.
    if (rawHost(authority).toLowerCase().replace(/\.$/, '') !== host)
      return refuse('ambiguous_ipv4_form', 'Write an IPv4 address in plain dotted decimal.');
    return isPublicAddress(host)
      ? { ok: true, url }
      : notPublic('address_not_public', 'The address is not a public unicast address.');
  }
  if (!host.includes('.'))
    return notPublic('host_not_public', 'The host must be a fully qualified public name.');
  if (BLOCKED_NAMES.has(host) || BLOCKED_SUFFIXES.some((s) => host.endsWith(s)))
    return notPublic('host_not_public', 'The host names a local, internal or metadata service.');
  return { ok: true, url };
}
