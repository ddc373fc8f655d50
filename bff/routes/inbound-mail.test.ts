import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import MailComposer from 'nodemailer/lib/mail-composer';
import { expect, it } from 'vitest';
import { createDiskFileStore } from '../../runtime/files/disk-file-store';
import { upsertContact } from '../../server-core/contacts/upsert-contact';
import { createConversation } from '../../server-core/conversations/write-conversations';
import type { Sql } from '../../server-core/db/db';
import { INBOUND_MAIL_MAX_BYTES } from '../../server-core/mail/receive-inbound-mail';
import { replyAddress } from '../../server-core/mail/reply-address';
import { SMALL_PDF } from '../../server-core/testing/attachments';
import { testCtx } from '../../server-core/testing/ctx';
import { describeDb } from '../../server-core/testing/db';
import { makeMember, makeWorkspace, TEST_PASSWORD } from '../../server-core/testing/fixtures';
import { makeTestApp, signIn } from '../testing/services';

const DOMAIN = 'in.example.test';
const SECRET = 'inbound-secret-0123456789abcdef0123456789abcdef';

const mime = (mail: ConstructorParameters<typeof MailComposer>[0]): Promise<Buffer> =>
  new MailComposer(mail).compile().build();

async function tokenOf(db: Sql, workspaceId: string): Promise<string> {
  return (
    await db.query<{ inbound_token: string }>('select inbound_token from workspaces where id = $1', [
      workspaceId,
    ])
  )[0]!.inbound_token;
}

/** Every row an inbound mail could write. */
async function written(db: Sql): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of [
    'contacts',
    'conversations',
    'conversation_messages',
    'conversation_attachments',
    'jobs',
    'outbox',
  ]) {
    out[table] = Number((await db.query<{ n: string }>(`select count(*)::text as n from ${table}`))[0]!.n);
  }
  return out;
}

describeDb('inboundEmail and inboundEmailLegacy (raw MIME)', (getDb) => {
  const setup = async (
    env: Record<string, string> = { INBOUND_MAIL_DOMAIN: DOMAIN, INBOUND_MAIL_SECRET: SECRET },
  ) => {
    const db = getDb();
    const files = createDiskFileStore(mkdtempSync(join(tmpdir(), 'inbound-files-')));
    const t = makeTestApp(db, env, undefined, { files });
    const ws = await makeWorkspace(db, t.clock.now());
    const token = await tokenOf(db, ws.id);
    const post = async (
      body: Buffer | string,
      init: { path?: string; secret?: string | null; type?: string } = {},
    ): Promise<Response> =>
      t.app.request(init.path ?? '/hooks/email/inbound', {
        method: 'POST',
        headers: {
          'Content-Type': init.type ?? 'message/rfc822',
          ...(init.secret === null ? {} : { Authorization: `Bearer ${init.secret ?? SECRET}` }),
        },
        body: typeof body === 'string' ? body : new Uint8Array(body),
      });
    return { db, t, ws, token, post };
  };

  it('a mail to the workspace address opens a conversation with its PDF; a reply to the signed address lands in it', async () => {
    const { db, t, ws, token, post } = await setup();
    expect(token).toMatch(/^[0-9a-f]{64}$/);
    const first = await post(
      await mime({
        from: 'Ada Lovelace <Ada@Example.org>',
        to: `${token}@${DOMAIN}`,
        subject: 'My invoice is missing',
        text: 'Hello, I cannot find the invoice for October.',
        attachments: [
          { filename: 'receipt.pdf', content: SMALL_PDF, contentType: 'application/pdf' },
          {
            filename: 'run-me.exe',
            content: Buffer.from('MZ not a type we keep'),
            contentType: 'application/octet-stream',
          },
        ],
      }),
    );
    expect(first.status, await first.clone().text()).toBe(200);
    const a = (
      (await first.json()) as { data: { conversation_id: string; created: boolean; attachments: number } }
    ).data;
    expect(a.created).toBe(true);
    expect(a.attachments).toBe(1);
    const [conv] = await db.query<{ channel: string; subject: string; email: string }>(
      `select c.channel, c.subject, k.email from conversations c join contacts k on k.workspace_id = c.workspace_id and k.id = c.contact_id
       where c.workspace_id = $1 and c.id = $2`,
      [ws.id, a.conversation_id],
    );
    expect(conv).toEqual({ channel: 'email', subject: 'My invoice is missing', email: 'Ada@example.org' });
    const [att] = await db.query<{ name: string; type: string; status: string }>(
      'select name, type, status from conversation_attachments where workspace_id = $1 and conversation_id = $2',
      [ws.id, a.conversation_id],
    );
    expect(att).toEqual({ name: 'receipt.pdf', type: 'application/pdf', status: 'scanning' });
    expect(
      (await db.query("select 1 from jobs where kind = 'attachment.scan' and workspace_id = $1", [ws.id]))
        .length,
    ).toBe(1);

    const reply = await post(
      await mime({
        from: 'ada@example.org',
        to: replyAddress(t.services.keys.mailLinks, DOMAIN, ws.id, a.conversation_id),
        subject: 'Re: My invoice is missing',
        text: 'Found it, thanks!\n\nOn Tue, Support wrote:\n> Here it is',
      }),
    );
    expect(reply.status, await reply.clone().text()).toBe(200);
    const b = ((await reply.json()) as { data: { conversation_id: string; created: boolean } }).data;
    expect(b).toMatchObject({ conversation_id: a.conversation_id, created: false });
    const messages = await db.query<{ direction: string; author_type: string; kind: string; body: string }>(
      `select direction, author_type, kind, body from conversation_messages
       where workspace_id = $1 and conversation_id = $2 order by id`,
      [ws.id, a.conversation_id],
    );
    expect(messages.map((m) => [m.direction, m.author_type, m.kind])).toEqual([
      ['in', 'contact', 'text'],
      ['in', 'contact', 'attachment'],
      ['in', 'contact', 'text'],
    ]);
    expect(messages[0]!.body).toBe('Hello, I cannot find the invoice for October.');
    expect(messages[2]!.body).toContain('Found it, thanks!');
    expect(
      (
        await db.query<{ n: string }>('select count(*)::text as n from contacts where workspace_id = $1', [
          ws.id,
        ])
      )[0]!.n,
    ).toBe('1');
  });

  it('a provider retry of the same Message-ID answers the first delivery and writes nothing, even racing', async () => {
    const { db, t, ws, token, post } = await setup();
    const mail = await mime({
      from: 'grace@example.org',
      to: `${token}@${DOMAIN}`,
      subject: 'Retried',
      text: 'Sent once, posted three times.',
      messageId: '<retry-1@example.org>',
      attachments: [{ filename: 'receipt.pdf', content: SMALL_PDF, contentType: 'application/pdf' }],
    });
    type Result = {
      data: { conversation_id: string; message_id: string; duplicate: boolean; created: boolean };
    };
    const first = (await (await post(mail)).json()) as Result;
    expect(first.data).toMatchObject({ created: true, duplicate: false });
    const before = await written(db);
    const again = await post(mail);
    expect(again.status).toBe(200);
    expect(((await again.json()) as Result).data).toEqual({ ...first.data, created: false, duplicate: true });
    expect(await written(db)).toEqual(before);

    // Two deliveries of a new Message-ID at once: one conversation, one message, the other answers it.
    const racing = await mime({
      from: 'grace@example.org',
      to: `${token}@${DOMAIN}`,
      subject: 'Racing',
      text: 'Posted twice at once.',
      messageId: '<race-1@example.org>',
    });
    const answers = (await Promise.all(
      [post(racing), post(racing)].map(async (r) => (await r).json()),
    )) as Result[];
    expect(answers.map((a) => a.data.duplicate).sort()).toEqual([false, true]);
    expect(new Set(answers.map((a) => a.data.message_id)).size).toBe(1);
    const [{ n }] = (await db.query<{ n: number }>(
      "select count(*)::int as n from conversations where workspace_id = $1 and subject = 'Racing'",
      [ws.id],
    )) as [{ n: number }];
    expect(n).toBe(1);

    // Another workspace's mail with the same Message-ID is its own delivery.
    const other = await makeWorkspace(db, t.clock.now());
    const elsewhere = await mime({
      from: 'grace@example.org',
      to: `${await tokenOf(db, other.id)}@${DOMAIN}`,
      subject: 'Retried',
      text: 'Same id, other workspace.',
      messageId: '<retry-1@example.org>',
    });
    expect(((await (await post(elsewhere)).json()) as Result).data.duplicate).toBe(false);
  });

  it('every refusal is a clear 4xx in the envelope and writes nothing', async () => {
    const { db, t, ws, token, post } = await setup();
    const ctx = testCtx(db, ws.id, t.clock);
    const { contact } = await upsertContact(ctx, { email: 'ada@example.org' });
    const conv = await createConversation(ctx, {
      contactId: contact.id,
      channel: 'widget',
      subject: 'Refunds',
    });
    const other = await makeWorkspace(db, t.clock.now());
    const key = t.services.keys.mailLinks;
    const genuine = replyAddress(key, DOMAIN, ws.id, conv.id);
    const edited = genuine.replace(/\.([0-9a-f])/, (_, c: string) => `.${c === '0' ? '1' : '0'}`);
    const mail = (to: string, from = 'ada@example.org') => mime({ from, to, subject: 'Hi', text: 'Hello' });
    const before = await written(db);

    const cases: [string, Promise<Response>, number, string][] = [
      ['no secret', post(await mail(`${token}@${DOMAIN}`), { secret: null }), 401, 'unauthenticated'],
      [
        'wrong secret',
        post(await mail(`${token}@${DOMAIN}`), { secret: `${SECRET}x` }),
        401,
        'unauthenticated',
      ],
      ['short secret', post(await mail(`${token}@${DOMAIN}`), { secret: 'x' }), 401, 'unauthenticated'],
      ['forged reply (edited mac)', post(await mail(edited)), 404, 'not_found'],
      [
        'forged reply (another key)',
        post(await mail(replyAddress(Buffer.alloc(32, 7), DOMAIN, ws.id, conv.id))),
        404,
        'not_found',
      ],
      [
        'reply signed for another workspace',
        post(await mail(replyAddress(key, DOMAIN, other.id, conv.id))),
        404,
        'not_found',
      ],
      ['reply from a stranger', post(await mail(genuine, 'mallory@example.net')), 404, 'not_found'],
      ['unknown token', post(await mail(`${'0'.repeat(64)}@${DOMAIN}`)), 404, 'not_found'],
      ['token at another domain', post(await mail(`${token}@elsewhere.test`)), 404, 'not_found'],
      ['not a mail', post(Buffer.from('\u0000\u0001garbage without headers')), 422, 'invalid_mime'],
      ['no From', post(`To: ${token}@${DOMAIN}\r\nSubject: x\r\n\r\nbody\r\n`), 422, 'invalid_mime'],
      [
        'JSON',
        post(JSON.stringify({ to: `${token}@${DOMAIN}` }), { type: 'application/json' }),
        415,
        'unsupported_media_type',
      ],
      ['oversized', post(Buffer.alloc(INBOUND_MAIL_MAX_BYTES + 1, 0x61)), 413, 'payload_too_large'],
      [
        'legacy, unknown token',
        post(await mail(`${token}@${DOMAIN}`), { path: `/hooks/email/inbound/${'f'.repeat(64)}` }),
        404,
        'not_found',
      ],
      [
        'legacy, forged reply',
        post(await mail(edited), { path: `/hooks/email/inbound/${token}` }),
        404,
        'not_found',
      ],
      [
        'legacy, wrong secret',
        post(await mail(`${token}@${DOMAIN}`), { path: `/hooks/email/inbound/${token}`, secret: 'nope' }),
        401,
        'unauthenticated',
      ],
    ];
    for (const [name, pending, status, code] of cases) {
      const res = await pending;
      expect(res.status, name).toBe(status);
      expect(((await res.json()) as { error: { code: string } }).error.code, name).toBe(code);
    }
    expect(await written(db)).toEqual(before);
  });

  it('the legacy route routes inside its workspace and announces its deprecation, errors included', async () => {
    const { db, ws, token, post } = await setup();
    const headers = (res: Response) => ({
      deprecation: res.headers.get('Deprecation'),
      sunset: res.headers.get('Sunset'),
      link: res.headers.get('Link'),
    });
    const expected = {
      deprecation: 'Fri, 09 Oct 2026 00:00:00 GMT',
      sunset: 'Mon, 12 Apr 2027 00:00:00 GMT',
      link: '<http://localhost:3000/docs#inboundEmail>; rel="deprecation"; type="text/html"',
    };
    const ok = await post(
      await mime({
        from: 'bob@example.org',
        to: `support@customer.example`,
        subject: 'Forwarded',
        text: 'Hi',
      }),
      { path: `/hooks/email/inbound/${token}` },
    );
    expect(ok.status, await ok.clone().text()).toBe(200);
    expect({
      ...headers(ok),
      link: ok.headers.get('Link')?.replace(/<[^>]*\/docs/, '<http://localhost:3000/docs'),
    }).toEqual(expected);
    const id = ((await ok.json()) as { data: { conversation_id: string } }).data.conversation_id;
    expect(
      (await db.query('select 1 from conversations where workspace_id = $1 and id = $2', [ws.id, id])).length,
    ).toBe(1);
    const refused = await post('x', { path: `/hooks/email/inbound/${token}`, secret: null });
    expect(refused.status).toBe(401);
    expect(headers(refused).deprecation).toBe(expected.deprecation);
    expect(headers(refused).sunset).toBe(expected.sunset);
    // The current route carries no deprecation.
    expect((await post('x', { secret: null })).headers.get('Deprecation')).toBeNull();
  });

  it('hostile bodies are stored cleanly: NUL and lone surrogates removed, HTML-only read as text, long text cut', async () => {
    const { db, ws, token, post } = await setup();
    const bodyOf = async (res: Response) => {
      expect(res.status, await res.clone().text()).toBe(200);
      const { conversation_id, message_id } = (
        (await res.json()) as {
          data: { conversation_id: string; message_id: string };
        }
      ).data;
      return (
        await db.query<{ body: string }>(
          'select body from conversation_messages where workspace_id = $1 and conversation_id = $2 and id = $3',
          [ws.id, conversation_id, message_id],
        )
      )[0]!.body;
    };
    const to = `${token}@${DOMAIN}`;
    expect(
      await bodyOf(await post(await mime({ from: 'a@example.org', to, text: 'a\u0000b \ud800 c' }))),
    ).toBe('ab \ufffd c');
    expect(
      await bodyOf(
        await post(
          await mime({ from: 'a@example.org', to, html: '<p>Hello <b>there</b></p><script>x()</script>' }),
        ),
      ),
    ).toContain('Hello there');
    const long = await bodyOf(await post(await mime({ from: 'a@example.org', to, text: 'x'.repeat(9000) })));
    expect(long.length).toBe(5000);
    expect(long.endsWith('…')).toBe(true);
    // A header line smuggled into a quoted From name leaves a From without an address: refused.
    const smuggled = await post(
      `From: "evil\r\nBcc: x@y" <eve@example.org>\r\nTo: ${to}\r\nSubject: x\r\n\r\nhi\r\n`,
    );
    expect(smuggled.status).toBe(422);
    // Two From addresses: the contact is the first one, nobody else is created.
    await bodyOf(
      await post(`From: mallory@example.org, b@example.org\r\nTo: ${to}\r\nSubject: x\r\n\r\nhi\r\n`),
    );
    const emails = await db.query<{ email: string }>(
      'select email from contacts where workspace_id = $1 order by email',
      [ws.id],
    );
    expect(emails.map((e) => e.email)).toEqual(['a@example.org', 'mallory@example.org']);
  });

  it('the portal install info shows the inbound address read-only; the public install info never does', async () => {
    const { db, t, ws, token } = await setup();
    const owner = await makeMember(db, ws.id, 'owner');
    const session = await signIn(t, owner.email, TEST_PASSWORD);
    const portal = await t.app.request(`/api/v1/workspaces/${ws.id}/widget/install`, {
      headers: session.headers,
    });
    expect(portal.status).toBe(200);
    expect(((await portal.json()) as { data: { inbound_email: string } }).data.inbound_email).toBe(
      `${token}@${DOMAIN}`,
    );
    const [row] = await db.query<{ website_id: string }>('select website_id from workspaces where id = $1', [
      ws.id,
    ]);
    const open = await t.app.request(`/widget/install?website_id=${row!.website_id}`);
    expect(open.status).toBe(200);
    expect(await open.text()).not.toContain(token);
  });

  it('without INBOUND_MAIL_SECRET the hooks do not exist (404), whatever is sent', async () => {
    const { token, post } = await setup({ INBOUND_MAIL_DOMAIN: DOMAIN });
    const mail = await mime({ from: 'ada@example.org', to: `${token}@${DOMAIN}`, text: 'Hello' });
    expect((await post(mail)).status).toBe(404);
    expect((await post(mail, { path: `/hooks/email/inbound/${token}` })).status).toBe(404);
  });
});
