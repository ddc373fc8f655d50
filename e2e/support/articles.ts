import { inject } from 'vitest';
import type { Seeded } from './widget';

/** Signs the owner in and publishes help articles through the portal's article operations. */
export async function publishArticles(
  ws: Pick<Seeded, 'workspaceId' | 'ownerEmail' | 'ownerPassword'>,
  articles: { title: string; slug: string; body: string }[],
): Promise<void> {
  const base = inject('serverUrl');
  const login = await fetch(`${base}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: ws.ownerEmail, password: ws.ownerPassword }),
  });
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const { data } = (await login.json()) as { data: { csrf_token: string } };
  const headers = { Cookie: cookie, 'X-CSRF-Token': data.csrf_token, 'Content-Type': 'application/json' };
  const articles_ = `${base}/api/v1/workspaces/${ws.workspaceId}/articles`;
  for (const a of articles) {
    const created = await fetch(articles_, { method: 'POST', headers, body: JSON.stringify(a) });
    if (created.status !== 201) throw new Error(`createArticle: ${created.status} ${await created.text()}`);
    const { id } = ((await created.json()) as { data: { id: string } }).data;
    const published = await fetch(`${articles_}/${id}/publish`, { method: 'POST', headers });
    if (published.status !== 200)
      throw new Error(`publishArticle: ${published.status} ${await published.text()}`);
  }
}
