import { afterAll, beforeAll, expect } from 'vitest';
import { json, signIn, type TestApp } from '../../bff/testing/services';
import { upsertContact } from '../../server-core/contacts/upsert-contact';
import { createConversation } from '../../server-core/conversations/write-conversations';
import type { Db } from '../../server-core/db/db';
import { SEND_MAIL_JOB } from '../../server-core/mail/enqueue-mail';
import { testCtx } from '../../server-core/testing/ctx';
import { makeMember, makeWorkspace, TEST_PASSWORD } from '../../server-core/testing/fixtures';
import { createSmtpTransport } from '../mail/smtp-transport';
import { defaultHandlers } from '../worker/handlers';
import { runWorkerOnce } from '../worker/loop';
import { type ReceivedMail, startSmtpPeer } from './smtp-peer';
import { testWorkerDeps } from './worker-deps';

type SmtpPeer = Awaited<ReturnType<typeof startSmtpPeer>>;

/** A real SMTP server on loopback for the suite and a transport to it, started and closed around it. */
export function useSmtpPeer(): () => { peer: SmtpPeer; smtp: ReturnType<typeof createSmtpTransport> } {
  let peer: SmtpPeer | null = null;
  let smtp: ReturnType<typeof createSmtpTransport> | null = null;
  beforeAll(async () => {
    peer = await startSmtpPeer();
    smtp = createSmtpTransport(peer.url);
  });
  afterAll(async () => {
    smtp?.close();
    await peer?.close();
  });
  return () => {
    if (!peer || !smtp) throw new Error('the SMTP peer is not started yet');
    return { peer, smtp };
  };
}

/**
 * A staff reply in a new workspace's widget conversation (subject "Refunds") with a contact who is away,
 * sent by one worker pass through the SMTP peer: the workspace, the conversation, the contact, the signed-in
 * owner and the mail as the server received it.
 */
export async function mailStaffReply(
  db: Db,
  t: TestApp,
  smtpPeer: ReturnType<ReturnType<typeof useSmtpPeer>>,
) {
  const ws = await makeWorkspace(db, t.clock.now());
  const ctx = testCtx(db, ws.id, t.clock);
  const address = `ada-${ws.id}@example.test`;
  const { contact } = await upsertContact(ctx, { email: address });
  const conv = await createConversation(ctx, {
    contactId: contact.id,
    channel: 'widget',
    subject: 'Refunds',
  });
  const owner = await makeMember(db, ws.id, 'owner');
  const session = await signIn(t, owner.email, TEST_PASSWORD);
  const sent = await t.app.request(`/api/v1/workspaces/${ws.id}/conversations/${conv.id}/replies`, {
    method: 'POST',
    ...json({ body: 'Your refund is on its way.' }, session.headers),
  });
  expect(sent.status, await sent.clone().text()).toBe(201);

  const { peer, smtp } = smtpPeer;
  const before = peer.received.length;
  peer.refuseWith(null);
  const deps = {
    ...testWorkerDeps(db, t.clock),
    mail: { transport: smtp, from: 'Support <help@example.test>' },
  };
  const handlers = { [SEND_MAIL_JOB]: defaultHandlers()[SEND_MAIL_JOB]! };
  expect(await runWorkerOnce(deps, 'w', { handlers, dispatch: false })).toBe(1);
  const [mail] = (await peer.waitFor(before + 1)).slice(before) as [ReceivedMail];
  expect(mail.envelope.to).toEqual([address]);
  return { ws, conv, contact, address, session, mail };
}
