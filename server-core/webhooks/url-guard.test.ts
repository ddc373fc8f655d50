import { describe, expect, it } from 'vitest';
import { checkWebhookUrl, isAllowedHost, isPublicAddress, type UrlRefusal } from './url-guard';

/** Hostile URLs and the reason each must be refused for, without any DNS lookup. */
const HOSTILE: [string, UrlRefusal][] = [
  // schemes
  ['ftp://hooks.example.com/x', 'scheme_not_allowed'],
  ['file:///etc/passwd', 'scheme_not_allowed'],
  ['gopher://hooks.example.com:70/_GET', 'scheme_not_allowed'],
  ['javascript:alert(1)', 'scheme_not_allowed'],
  ['data:text/plain,hello', 'scheme_not_allowed'],
  ['ws://hooks.example.com/socket', 'scheme_not_allowed'],
  ['dict://127.0.0.1:11211/stats', 'scheme_not_allowed'],
  // malformed
  ['hooks.example.com/no-scheme', 'invalid_url'],
  ['http:/hooks.example.com/one-slash', 'invalid_url'],
  ['http://hooks.example.com/a b', 'invalid_url'],
  ['http://hooks.example.com\\@127.0.0.1/', 'invalid_url'],
  ['http://hooks.example.com/\nHost: evil', 'invalid_url'],
  ['', 'invalid_url'],
  [`https://hooks.example.com/${'a'.repeat(2030)}`, 'invalid_url'],
  // user info
  ['https://user:pass@hooks.example.com/', 'userinfo_not_allowed'],
  ['https://hooks.example.com@127.0.0.1/', 'userinfo_not_allowed'],
  ['https://@hooks.example.com/', 'userinfo_not_allowed'],
  ['http://8.8.8.8:80@169.254.169.254/latest/meta-data/', 'userinfo_not_allowed'],
  // port 0 (the parser refuses ports above 65535 itself)
  ['https://hooks.example.com:0/', 'port_not_allowed'],
  ['https://hooks.example.com:000/x', 'port_not_allowed'],
  ['https://93.184.216.34:0/', 'port_not_allowed'],
  ['https://[2606:4700:4700::1111]:0/', 'port_not_allowed'],
  ['https://hooks.example.com:65536/', 'invalid_url'],
  // IPv4 loopback, private, link-local, CGNAT, multicast, unspecified, reserved
  ['http://127.0.0.1/', 'address_not_public'],
  ['http://127.255.255.254:8080/', 'address_not_public'],
  ['http://10.0.0.1/', 'address_not_public'],
  ['http://172.16.5.4/', 'address_not_public'],
  ['http://172.31.255.255/', 'address_not_public'],
  ['http://192.168.1.1/', 'address_not_public'],
  ['http://169.254.169.254/latest/meta-data/', 'address_not_public'],
  ['http://100.64.0.1/', 'address_not_public'],
  ['http://100.127.255.254/', 'address_not_public'],
  ['http://224.0.0.1/', 'address_not_public'],
  ['http://239.255.255.250:1900/', 'address_not_public'],
  ['http://0.0.0.0/', 'address_not_public'],
  ['http://255.255.255.255/', 'address_not_public'],
  ['http://240.0.0.1/', 'address_not_public'],
  ['http://192.0.2.10/', 'address_not_public'],
  ['http://198.18.0.1/', 'address_not_public'],
  ['http://192.0.0.170/', 'address_not_public'],
  // IPv4 in decimal, octal, hex and short forms (the URL parser would turn them into 127.0.0.1 etc.)
  ['http://2130706433/', 'ambiguous_ipv4_form'],
  ['http://0x7f000001/', 'ambiguous_ipv4_form'],
  ['http://0x7f.0.0.1/', 'ambiguous_ipv4_form'],
  ['http://0177.0.0.1/', 'ambiguous_ipv4_form'],
  ['http://127.1/', 'ambiguous_ipv4_form'],
  ['http://0/', 'ambiguous_ipv4_form'],
  ['http://017700000001/', 'ambiguous_ipv4_form'],
  ['http://3232235777/', 'ambiguous_ipv4_form'],
  ['http://0xA9.0xFE.0xA9.0xFE/', 'ambiguous_ipv4_form'],
  ['http://010.0.0.1/', 'ambiguous_ipv4_form'],
  ['http://134744072/', 'ambiguous_ipv4_form'],
  // IPv6
  ['http://[::1]/', 'address_not_public'],
  ['http://[0:0:0:0:0:0:0:1]:8080/', 'address_not_public'],
  ['http://[::]/', 'address_not_public'],
  ['http://[fe80::1]/', 'address_not_public'],
  ['http://[fc00::1]/', 'address_not_public'],
  ['http://[fd12:3456:789a::1]/', 'address_not_public'],
  ['http://[ff02::1]/', 'address_not_public'],
  ['http://[fec0::1]/', 'address_not_public'],
  ['http://[::ffff:127.0.0.1]/', 'address_not_public'],
  ['http://[::ffff:a9fe:a9fe]/', 'address_not_public'],
  ['http://[::ffff:10.0.0.1]/', 'address_not_public'],
  ['http://[::127.0.0.1]/', 'address_not_public'],
  ['http://[64:ff9b::a9fe:a9fe]/', 'address_not_public'],
  ['http://[2002:7f00:1::]/', 'address_not_public'],
  ['http://[2001:db8::1]/', 'address_not_public'],
  ['http://[2001::1]/', 'address_not_public'],
  ['http://[fd00:ec2::254]/', 'address_not_public'],
  // names: localhost and local suffixes, metadata services, single labels
  ['http://localhost/', 'host_not_public'],
  ['http://LOCALHOST:3000/', 'host_not_public'],
  ['http://localhost./', 'host_not_public'],
  ['http://api.localhost/', 'host_not_public'],
  ['http://printer.local/', 'host_not_public'],
  ['http://db.internal/', 'host_not_public'],
  ['http://metadata.google.internal/computeMetadata/v1/', 'host_not_public'],
  ['http://metadata/', 'host_not_public'],
  ['http://instance-data/latest/', 'host_not_public'],
  ['http://metadata.azure.com/', 'host_not_public'],
  ['http://router.home.arpa/', 'host_not_public'],
  ['http://intranet/', 'host_not_public'],
  ['http://%6c%6fcalhost/', 'host_not_public'],
  ['http://ⓛⓞⓒⓐⓛⓗⓞⓢⓣ/', 'host_not_public'],
  ['http://kubernetes.default.svc/', 'host_not_public'],
];

const ACCEPTED = [
  'https://hooks.example.com/support',
  'http://hooks.example.com:8080/a?b=c',
  'https://8.8.8.8/hook',
  'https://93.184.216.34:8443/',
  'https://hooks.example.com:1/',
  'https://hooks.example.com:65535/',
  'https://[2606:4700:4700::1111]/hook',
  'https://xn--bcher-kva.example/', // bücher.example
  'https://hooks.example.com./trailing-dot',
  'https://localhost.example.com/', // only the exact name and the suffixes are local
];

describe('registration guard (no DNS)', () => {
  it(`refuses ${HOSTILE.length} hostile URLs, each for its reason`, () => {
    expect(HOSTILE.length).toBeGreaterThanOrEqual(40);
    for (const [url, reason] of HOSTILE) {
      const check = checkWebhookUrl(url);
      expect(check.ok, url).toBe(false);
      if (!check.ok) expect(check.reason, url).toBe(reason);
    }
  });

  it('accepts public http(s) URLs', () => {
    for (const url of ACCEPTED) expect(checkWebhookUrl(url).ok, url).toBe(true);
  });

  it('lets through exactly the hosts of UNSAFE_WEBHOOK_ALLOW_HOSTS, and nothing near them', () => {
    const allow = ['127.0.0.1', '[::1]', 'localhost'];
    expect(checkWebhookUrl('http://127.0.0.1:4000/hook', allow).ok).toBe(true);
    expect(checkWebhookUrl('http://[::1]:4000/hook', allow).ok).toBe(true);
    expect(checkWebhookUrl('http://localhost:4000/hook', allow).ok).toBe(true);
    expect(checkWebhookUrl('http://127.0.0.2/', allow).ok).toBe(false);
    expect(checkWebhookUrl('http://10.0.0.1/', allow).ok).toBe(false);
    // The allow list never excuses a scheme, user info or port 0.
    expect(checkWebhookUrl('ftp://127.0.0.1/', allow).ok).toBe(false);
    expect(checkWebhookUrl('http://127.0.0.1:0/', allow).ok).toBe(false);
    expect(checkWebhookUrl('http://a:b@127.0.0.1/', allow).ok).toBe(false);
    expect(isAllowedHost('LOCALHOST.', allow)).toBe(true);
    expect(isAllowedHost('0:0:0:0:0:0:0:1', allow)).toBe(true);
    expect(isAllowedHost('127.0.0.1', [])).toBe(false);
  });

  it('on a development server, a refused local host says how to allow it; in production it does not', () => {
    const local: [string, string][] = [
      ['http://127.0.0.1:4000/hook', '127.0.0.1'],
      ['http://[::1]:4000/hook', '::1'],
      ['http://localhost:4000/hook', 'localhost'],
      ['http://receiver/hook', 'receiver'],
      ['http://192.168.1.20/hook', '192.168.1.20'],
    ];
    for (const [url, host] of local) {
      const dev = checkWebhookUrl(url, [], { development: true });
      const prod = checkWebhookUrl(url, [], { development: false });
      const plain = checkWebhookUrl(url);
      if (dev.ok || prod.ok || plain.ok) throw new Error(`${url} was accepted`);
      expect(dev.reason, url).toBe(prod.reason);
      expect(dev.message, url).toContain(`UNSAFE_WEBHOOK_ALLOW_HOSTS=${host})`);
      expect(dev.message, url).toMatch(/restart .*never set it in production\.$/);
      expect(dev.message.startsWith(prod.message), url).toBe(true);
      expect(prod.message, url).not.toContain('UNSAFE_WEBHOOK_ALLOW_HOSTS');
      expect(plain.message, url).toBe(prod.message);
    }
    // Refusals an allow list cannot fix carry no hint.
    for (const url of [
      'ftp://127.0.0.1/',
      'http://0x7f000001/',
      'http://127.0.0.1:0/',
      'http://a:b@127.0.0.1/',
    ]) {
      const dev = checkWebhookUrl(url, [], { development: true });
      if (dev.ok) throw new Error(`${url} was accepted`);
      expect(dev.message, url).not.toContain('UNSAFE_WEBHOOK_ALLOW_HOSTS');
    }
  });
});

describe('isPublicAddress (also vets every DNS answer at attempt time)', () => {
  it('refuses every non-public address and accepts global unicast ones', () => {
    const notPublic = [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.0.10',
      '169.254.169.254',
      '100.100.100.200',
      '0.0.0.0',
      '224.0.0.251',
      '255.255.255.255',
      '198.51.100.7',
      '203.0.113.9',
      '::1',
      '::',
      'fe80::1',
      'fe80::1%eth0',
      'fd00::1',
      '::ffff:127.0.0.1',
      '::ffff:8.8.8.8',
      '64:ff9b::808:808',
      '2002:808:808::1',
      '2001:0::1',
      'ff05::2',
      'not-an-address',
      '127.1',
      '',
    ];
    for (const a of notPublic) expect(isPublicAddress(a), a).toBe(false);
    for (const a of ['8.8.8.8', '1.1.1.1', '93.184.216.34', '2606:4700:4700::1111', '[2a00:1450:4001::1]'])
      expect(isPublicAddress(a), a).toBe(true);
  });
});
