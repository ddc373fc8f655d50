import { createHash } from 'node:crypto';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { constantTimeEqual } from '../../server-core/lib/crypto';
import { DomainError, notFound } from '../../server-core/lib/errors';
import {
  INBOUND_MAIL_MAX_BYTES,
  receiveInboundMail,
  workspaceOfInboundToken,
} from '../../server-core/mail/receive-inbound-mail';
import * as inbound from '../contract/inbound-mail';
import type { AppEnv } from '../env';
import { limitBody } from '../middleware/body';
import { deprecation } from '../middleware/deprecation';
import type { Services } from '../services';

/** The inbound hooks carry raw MIME up to their own cap: the app's JSON body limit does not apply. */
export const isInboundMailPath = (path: string) => /^\/hooks\/email\/inbound(\/[^/]*)?\/?$/.test(path);

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/**
 * Inbound mail off (no INBOUND_MAIL_SECRET or no INBOUND_MAIL_DOMAIN): the hooks do not exist (404). On:
 * the provider's shared secret, compared in constant time over digests (no length oracle), else 401.
 */
const requireInboundSecret =
  (services: Services): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    const { inboundSecret, inboundDomain } = services.config.mail;
    if (!inboundSecret || !inboundDomain) throw notFound();
    const sent = /^Bearer +(\S+)\s*$/i.exec(c.req.header('Authorization') ?? '')?.[1] ?? '';
    if (!constantTimeEqual(digest(sent), digest(inboundSecret))) throw new DomainError('unauthenticated');
    await next();
  };

const requireRfc822: MiddlewareHandler<AppEnv> = async (c, next) => {
  const type = (c.req.header('Content-Type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'message/rfc822') {
    throw new DomainError(
      'unsupported_media_type',
      { content_type: type || null },
      'Send the raw mail as message/rfc822.',
    );
  }
  await next();
};

export function registerInboundMailRoutes(app: OpenAPIHono<AppEnv>, services: Services): void {
  const guard = [requireInboundSecret(services), requireRfc822, limitBody(INBOUND_MAIL_MAX_BYTES)];
  const deps = () => ({
    db: services.db,
    clock: services.clock,
    key: services.keys.mailLinks,
    domain: services.config.mail.inboundDomain!,
    store: services.files,
  });
  const read = async (raw: ArrayBuffer) => {
    // A body sent without a length is counted by limitBody as it streams; this bounds the rest.
    if (raw.byteLength > INBOUND_MAIL_MAX_BYTES) {
      throw new DomainError(
        'payload_too_large',
        { max_bytes: INBOUND_MAIL_MAX_BYTES },
        `A mail is at most ${INBOUND_MAIL_MAX_BYTES} bytes.`,
      );
    }
    return Buffer.from(raw);
  };

  app.openapi({ ...inbound.inboundEmail, middleware: guard }, async (c) => {
    const result = await receiveInboundMail(deps(), await read(await c.req.arrayBuffer()));
    const { workspace_id: _, ...data } = result;
    return c.json({ data }, 200);
  });

  app.openapi(
    {
      ...inbound.inboundEmailLegacy,
      middleware: [
        deprecation({
          deprecatedAt: new Date('2026-10-09T00:00:00Z'),
          sunsetAt: new Date('2027-04-12T00:00:00Z'),
          link: `${services.config.publicUrl.replace(/\/+$/, '')}/docs#inboundEmail`,
        }),
        ...guard,
      ],
    },
    async (c) => {
      const workspaceId = await workspaceOfInboundToken(
        services.db,
        c.req.valid('param').token.toLowerCase(),
      );
      if (!workspaceId) throw notFound('inbound address');
      const result = await receiveInboundMail(deps(), await read(await c.req.arrayBuffer()), workspaceId);
      const { workspace_id: _, ...data } = result;
      return c.json({ data }, 200);
    },
  );
}
