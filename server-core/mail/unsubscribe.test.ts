import { expect, it } from 'vitest';
import { unsubscribeContact } from '../contacts/unsubscribe-contact';
import { upsertContact } from '../contacts/upsert-contact';
import { deriveKey } from '../lib/crypto';
import { testCtx } from '../testing/ctx';
import { describeDb } from '../testing/db';
import { makeWorkspace } from '../testing/fixtures';
import { listUnsubscribeHeaders, readUnsubscribeToken, unsubscribeToken } from './unsubscribe-link';

const key = deriveKey(Buffer.alloc(32, 3), 'mail-unsubscribe');

describeDb('unsubscribing a contact', (getDb) => {
  it('a genuine token names its contact; forged, edited or foreign ones name nobody', async () => {
    const ws = '01m6bhr39yfvw8g1d4g2ns1e0p';
    const contact = '01m6bj43y0s8156vv67bd8bxme';
    const token = unsubscribeToken(key, ws, contact);
    expect(readUnsubscribeToken(key, token)).toEqual({ workspaceId: ws, contactId: contact });
    expect(readUnsubscribeToken(key, token.toUpperCase())).toEqual({ workspaceId: ws, contactId: contact });
    const [w, c, mac] = token.split('.');
    for (const forged of [
      `${w}.01m6bj43y0s8156vv67bd8bxmf.${mac}`,
      `01m6bhr39yfvw8g1d4g2ns1e0q.${c}.${mac}`,
      `${w}.${c}.${mac!.replace(/.$/, (x) => (x === '0' ? '1' : '0'))}`,
      `${w}.${c}`,
      `${token}.extra`,
      '',
    ])
      expect(readUnsubscribeToken(key, forged), forged).toBeNull();
    expect(readUnsubscribeToken(deriveKey(Buffer.alloc(32, 4), 'mail-unsubscribe'), token)).toBeNull();
    expect(listUnsubscribeHeaders('https://app.example.com/u/x')).toEqual({
      'List-Unsubscribe': '<https://app.example.com/u/x>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  });

  it('sets the flag and sends contact.unsubscribed once; another workspace’s contact is not found', async () => {
    const db = getDb();
    const ctx = testCtx(db, (await makeWorkspace(db)).id);
    const { contact } = await upsertContact(ctx, { email: 'ada@example.com', externalId: 'crm-7' });
    expect(await unsubscribeContact(ctx, contact.id)).toEqual({ changed: true });
    expect(await unsubscribeContact(ctx, contact.id)).toEqual({ changed: false });
    const [row] = await db.query<{ unsubscribed: boolean }>(
      'select unsubscribed from contacts where workspace_id = $1 and id = $2',
      [ctx.workspaceId, contact.id],
    );
    expect(row!.unsubscribed).toBe(true);
    const events = await db.query<{ data: Record<string, unknown> }>(
      "select data from outbox where workspace_id = $1 and type = 'contact.unsubscribed'",
      [ctx.workspaceId],
    );
    expect(events.map((e) => e.data)).toEqual([
      { contact_id: contact.id, external_id: 'crm-7', unsubscribed_at: ctx.clock.now().toISOString() },
    ]);
    const other = testCtx(db, (await makeWorkspace(db)).id);
    await expect(unsubscribeContact(other, contact.id)).rejects.toMatchObject({ code: 'not_found' });
  });
});
