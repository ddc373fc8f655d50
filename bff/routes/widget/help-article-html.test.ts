import { expect, it } from 'vitest';
import { describeDb } from '../../../server-core/testing/db';
import { makeWorkspace } from '../../../server-core/testing/fixtures';
import { insertArticle } from '../../../server-core/testing/help-articles';
import { auditHtml } from '../../../server-core/testing/html-audit';
import { makeTestApp } from '../../testing/services';

const BODY = `Every order has a **tracking page**.

## Where to find it
- In the confirmation email, choose *Track order*.
- Or open \`Account > Orders\`:
  1. pick the order

| Carrier | Days |
|---------|-----:|
| Post    | 2-4  |

![The tracking page](https://cdn.example.com/tracking.png)

> Deliveries usually arrive in 2 to 4 working days.

\`\`\`
ORDER-1234
\`\`\``;

const HOSTILE = `Hello [there](javascript:window.__pwned=1) <img src=x onerror="window.__pwned=1">

<script>window.__pwned=1</script> ![x](data:image/png;base64,iVBORw0KGgo=)`;

describeDb('widget help articles as HTML', (getDb) => {
  const setup = async () => {
    const db = getDb();
    const t = makeTestApp(db, { PUBLIC_URL: 'http://127.0.0.1:8787' });
    const ws = await makeWorkspace(db);
    const boot = await t.app.request(`/widget/boot?website_id=${ws.website_id}`, {
      headers: { Origin: 'https://shop.example.com' },
    });
    const token = ((await boot.json()) as { data: { visitor: { token: string } } }).data.visitor.token;
    const get = async <T>(path: string) => {
      const res = await t.app.request(path, { headers: { Authorization: `Bearer ${token}` } });
      expect(res.status, path).toBe(200);
      return ((await res.json()) as { data: T }).data;
    };
    return { db, ws, get };
  };

  it('widgetGetArticle: body stays Markdown, body_html is the rendered and sanitised body', async () => {
    const { db, ws, get } = await setup();
    await insertArticle(db, ws.id, { slug: 'track-your-order', title: 'Track your order', body: BODY });
    const article = await get<{ body: string; body_html: string }>('/widget/help/articles/track-your-order');
    expect(article.body).toBe(BODY);
    const html = article.body_html.replace(/\n/g, '');
    expect(auditHtml(html)).toEqual([]);
    for (const part of [
      '<p>Every order has a <strong>tracking page</strong>.</p>',
      '<h3>Where to find it</h3>',
      '<li>In the confirmation email, choose <em>Track order</em>.</li>',
      '<li>Or open <code>Account &gt; Orders</code>:<ol><li>pick the order</li></ol></li>',
      '<th>Carrier</th><th class="align-right">Days</th>',
      '<img src="https://cdn.example.com/tracking.png" alt="The tracking page" loading="lazy" referrerpolicy="no-referrer">',
      '<blockquote><p>Deliveries usually arrive in 2 to 4 working days.</p></blockquote>',
      '<pre><code>ORDER-1234</code></pre>',
    ]) {
      expect(html).toContain(part);
    }
  });

  it('a hostile body comes out inert', async () => {
    const { db, ws, get } = await setup();
    await insertArticle(db, ws.id, { slug: 'hostile', title: 'Hostile', body: HOSTILE });
    const { body_html } = await get<{ body_html: string }>('/widget/help/articles/hostile');
    expect(auditHtml(body_html)).toEqual([]);
    expect(body_html).toBe(
      '<p>Hello [there](javascript:window.__pwned=1) &lt;img src=x onerror=&quot;window.__pwned=1&quot;&gt;</p>\n' +
        '<p>&lt;script&gt;window.__pwned=1&lt;/script&gt; x</p>\n',
    );
  });

  it('widgetSearchHelp: excerpts are plain text, headings never run into the words around them', async () => {
    const { db, ws, get } = await setup();
    await insertArticle(db, ws.id, { slug: 'track-your-order', title: 'Track your order', body: BODY });
    const hits = await get<{ slug: string; excerpt: string }[]>('/widget/help/search?q=tracking');
    expect(hits.map((h) => h.excerpt)).toEqual([
      'Every order has a tracking page. In the confirmation email, choose Track order. Or open Account > Orders: ' +
        'pick the order Carrier Days Post 2-4 The tracking…',
    ]);
  });
});
