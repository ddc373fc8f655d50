import { Hono } from 'hono';
import { expect, it } from 'vitest';
import { deprecation } from '.';

it('adds Deprecation and Sunset HTTP-dates and Link rel="deprecation", on errors too', async () => {
  const app = new Hono();
  const notice = deprecation({
    deprecatedAt: new Date('2026-10-09T00:00:00Z'),
    sunsetAt: new Date('2027-04-12T00:00:00Z'),
    link: 'https://example.com/docs/deprecations#inbound',
  });
  app.get('/old', notice, (c) => c.json({ ok: true }));
  app.get('/old-failing', notice, (c) => c.json({ error: 'x' }, 422));
  for (const path of ['/old', '/old-failing']) {
    const res = await app.request(path);
    expect(res.headers.get('Deprecation')).toBe('Fri, 09 Oct 2026 00:00:00 GMT');
    expect(res.headers.get('Sunset')).toBe('Mon, 12 Apr 2027 00:00:00 GMT');
    expect(res.headers.get('Link')).toBe(
      '<https://example.com/docs/deprecations#inbound>; rel="deprecation"; type="text/html"',
    );
  }
});
