import { createRoute, z } from '@hono/zod-openapi';
import type { PresenceAnswer } from '../../server-core/proactive/claim-campaign';
import {
  PROACTIVE_KINDS,
  type ProactiveMessage,
  TRIGGER_URL_MATCHES,
} from '../../server-core/proactive/proactive-message';
import { CAMPAIGN_BEACON_KINDS } from '../../server-core/proactive/record-campaign-beacon';
import { errorResponses } from '../openapi/schemas';
import { DateTime, iso, json, jsonBody, Ulid, ulidParam } from './common';
import { EXAMPLE_ID, EXAMPLE_LATER, EXAMPLE_TIME } from './examples';
import { idempotencyHeaders, PORTAL_SESSION, VISITOR_TOKEN, workspaceParams } from './operation-parts';
import { pageOf, pageQuery } from './pagination';
import { strictObject } from './strict-input';
import { WIDGET_TAG } from './widget-install';

/**
 * Proactive messages (docs/decisions/proactive.md): trigger messages, whose rules the widget evaluates
 * in the browser, and campaigns, which the server decides for a present contact. Permission
 * experiences.manage.
 */

const TAG = 'Portal: proactive messages';
const PERMISSION = 'Needs experiences.manage.';
const EVENT_NAME = /^[a-z][a-z0-9_.:-]{0,63}$/;

const TriggerRules = strictObject({
  url: strictObject({
    match: z.enum(TRIGGER_URL_MATCHES),
    value: z.string().min(1).max(2048),
  })
    .optional()
    .openapi({
      description:
        'The page: a value starting with / looks at the path (and query when it has ?), any other at the whole ' +
        'URL; wildcard `*` is any run of characters. The same matching as a tour step page rule, without regex.',
    }),
  time_on_page_seconds: z.number().int().min(0).max(3600).optional(),
  scroll_percent: z.number().int().min(1).max(100).optional().openapi({
    description: 'How far down the page the visitor has scrolled, in percent of the scrollable height.',
  }),
  event: z.string().regex(EVENT_NAME).optional().openapi({
    example: 'pricing_viewed',
    description:
      'A custom event name from Widget.event.push or Widget.track in this page view (exact match).',
  }),
}).openapi('TriggerRules', {
  description:
    'Every rule given must hold on the page; at least one for a trigger message, none for a campaign.',
});

const Audience = strictObject({
  email_domain: z.string().min(1).max(253).optional().openapi({
    description: "The contact's e-mail domain (case-insensitive).",
  }),
  attributes: z
    .record(z.string().max(100), z.union([z.string().max(1000), z.number(), z.boolean()]))
    .optional()
    .openapi({ description: 'Custom attributes the contact must hold with exactly these values.' }),
}).openapi('CampaignAudience', {
  description: 'Every key given must match the contact; {} is every identified contact. Campaigns only.',
});

export const ProactiveMessageSchema = z
  .object({
    id: Ulid,
    kind: z.enum(PROACTIVE_KINDS),
    name: z.string(),
    body: z.string(),
    rules: TriggerRules,
    audience: Audience,
    status: z.enum(['draft', 'published']),
    published_at: DateTime.nullable(),
    created_at: DateTime,
    updated_at: DateTime,
  })
  .openapi('ProactiveMessage');

export function proactiveMessageJson(m: ProactiveMessage): z.output<typeof ProactiveMessageSchema> {
  return {
    id: m.id,
    kind: m.kind,
    name: m.name,
    body: m.body,
    rules: m.rules,
    audience: m.audience,
    status: m.status,
    published_at: iso(m.published_at),
    created_at: m.created_at.toISOString(),
    updated_at: m.updated_at.toISOString(),
  };
}

/** A published trigger message as the boot config carries it. */
export const WidgetTriggerMessage = z
  .object({ id: Ulid, body: z.string(), rules: TriggerRules })
  .openapi('WidgetTriggerMessage');

const exampleMessage: z.output<typeof ProactiveMessageSchema> = {
  id: EXAMPLE_ID.proactiveMessageId,
  kind: 'trigger',
  name: 'Demo page help',
  body: 'Looking around? Ask us anything here.',
  rules: { url: { match: 'prefix', value: '/demo' }, time_on_page_seconds: 5 },
  audience: {},
  status: 'published',
  published_at: EXAMPLE_TIME,
  created_at: EXAMPLE_TIME,
  updated_at: EXAMPLE_TIME,
};
const MessageResponse = z.object({ data: ProactiveMessageSchema }).openapi('ProactiveMessageResponse');
const messageParams = workspaceParams.extend({ proactiveMessageId: ulidParam('proactiveMessageId') });
const path = '/api/v1/workspaces/{workspaceId}/proactive-messages';
const Name = z.string().trim().min(1).max(200);
const Body = z.string().trim().min(1).max(2000);

export const listProactiveMessages = createRoute({
  operationId: 'listProactiveMessages',
  method: 'get',
  path,
  tags: [TAG],
  summary: 'List the trigger messages and campaigns',
  description: `Newest first, drafts included. ${PERMISSION}`,
  security: PORTAL_SESSION,
  request: { params: workspaceParams, query: strictObject(pageQuery()) },
  responses: {
    200: {
      description: 'Proactive messages.',
      content: json(pageOf(ProactiveMessageSchema, { dataFirst: true }), {
        data: [exampleMessage],
        meta: { next_cursor: null },
      }),
    },
    ...errorResponses(401, 403, 404, 422),
  },
});

export const createProactiveMessage = createRoute({
  operationId: 'createProactiveMessage',
  method: 'post',
  path,
  tags: [TAG],
  summary: 'Create a trigger message or a campaign (a draft)',
  description:
    'A trigger message needs at least one rule and takes no audience; a campaign takes an audience and no ' +
    `rules (422 validation_failed naming the field). Audited as proactive_message.created. ${PERMISSION}`,
  security: PORTAL_SESSION,
  request: {
    params: workspaceParams,
    headers: idempotencyHeaders(),
    body: jsonBody(
      strictObject({
        kind: z.enum(PROACTIVE_KINDS),
        name: Name,
        body: Body,
        rules: TriggerRules.optional(),
        audience: Audience.optional(),
      }).openapi('CreateProactiveMessageRequest'),
      {
        kind: 'trigger',
        name: 'Pricing help',
        body: 'Questions about pricing? We are here.',
        rules: { url: { match: 'prefix', value: '/pricing' }, scroll_percent: 50 },
      },
    ),
  },
  responses: {
    201: {
      description: 'The draft.',
      content: json(MessageResponse, {
        data: {
          ...exampleMessage,
          name: 'Pricing help',
          body: 'Questions about pricing? We are here.',
          rules: { url: { match: 'prefix', value: '/pricing' }, scroll_percent: 50 },
          status: 'draft',
          published_at: null,
        },
      }),
    },
    ...errorResponses(401, 403, 404, 422),
  },
});

export const updateProactiveMessage = createRoute({
  operationId: 'updateProactiveMessage',
  method: 'patch',
  path: `${path}/{proactiveMessageId}`,
  tags: [TAG],
  summary: 'Change a trigger message or a campaign',
  description:
    'Fields not sent are kept; rules and audience are replaced whole. The kind cannot change. A published ' +
    'message changes live; a campaign a contact already received is never sent to it again. ' +
    `Audited as proactive_message.updated. ${PERMISSION}`,
  security: PORTAL_SESSION,
  request: {
    params: messageParams,
    body: jsonBody(
      strictObject({
        name: Name.optional(),
        body: Body.optional(),
        rules: TriggerRules.optional(),
        audience: Audience.optional(),
      }).openapi('UpdateProactiveMessageRequest'),
      { body: 'Looking around? Ask us anything here.' },
    ),
  },
  responses: {
    200: {
      description: 'The message.',
      content: json(MessageResponse, { data: { ...exampleMessage, updated_at: EXAMPLE_LATER } }),
    },
    ...errorResponses(401, 403, 404, 422),
  },
});

export const publishProactiveMessage = createRoute({
  operationId: 'publishProactiveMessage',
  method: 'post',
  path: `${path}/{proactiveMessageId}/publish`,
  tags: [TAG],
  summary: 'Publish a trigger message or a campaign',
  description:
    'A trigger message rides on the next widget boot; a campaign is considered at the next presence report ' +
    `of a matching contact. A published one answers 200 unchanged. Audited. ${PERMISSION}`,
  security: PORTAL_SESSION,
  request: { params: messageParams, headers: idempotencyHeaders() },
  responses: {
    200: { description: 'The published message.', content: json(MessageResponse, { data: exampleMessage }) },
    ...errorResponses(401, 403, 404, 422),
  },
});

export const unpublishProactiveMessage = createRoute({
  operationId: 'unpublishProactiveMessage',
  method: 'post',
  path: `${path}/{proactiveMessageId}/unpublish`,
  tags: [TAG],
  summary: 'Unpublish a trigger message or a campaign (back to draft)',
  description: `Delivered campaigns stay in their conversations. A draft answers 200 unchanged. Audited. ${PERMISSION}`,
  security: PORTAL_SESSION,
  request: { params: messageParams, headers: idempotencyHeaders() },
  responses: {
    200: {
      description: 'The message, now a draft.',
      content: json(MessageResponse, {
        data: { ...exampleMessage, status: 'draft', published_at: null, updated_at: EXAMPLE_LATER },
      }),
    },
    ...errorResponses(401, 403, 404, 422),
  },
});

const CampaignOffer = z
  .object({
    campaign_id: Ulid,
    body: z.string(),
    conversation_id: Ulid.openapi({ description: 'The campaign conversation the message was written into.' }),
    message_id: Ulid,
  })
  .openapi('WidgetCampaign');

export function presenceJson(a: PresenceAnswer) {
  return { campaign: a.campaign, held: a.held };
}

export const widgetReportPresence = createRoute({
  operationId: 'widgetReportPresence',
  method: 'post',
  path: '/widget/campaigns/presence',
  tags: [WIDGET_TAG],
  summary: "Report the visitor's contact present: the server decides one campaign, or none",
  description:
    'Sent on boot and after user.set. For an identified visitor, the oldest published campaign whose audience ' +
    'matches the contact and that the contact never received is delivered: claimed per (campaign, contact) ' +
    'and written into a new conversation of channel `campaign`, whether or not the bubble is then shown; at ' +
    'most one per answer. It is held (`held` says why; the next report asks again) while a trigger message ' +
    'just fired on the page (`trigger_just_fired`), while a support conversation is live, or within 24 hours ' +
    "of the contact's last campaign. Never consent-gated. An anonymous visitor gets `{ campaign: null }`.",
  security: VISITOR_TOKEN,
  request: {
    body: jsonBody(
      strictObject({ trigger_just_fired: z.boolean().optional() }).openapi('WidgetPresenceRequest'),
      { trigger_just_fired: false },
    ),
  },
  responses: {
    200: {
      description: 'The campaign delivered now, or none.',
      content: json(
        z
          .object({
            data: z.object({
              campaign: CampaignOffer.nullable(),
              held: z.enum(['trigger_message', 'live_conversation', 'daily_cap']).nullable(),
            }),
          })
          .openapi('WidgetPresenceResponse'),
        { data: { campaign: null, held: null } },
      ),
    },
    ...errorResponses(401, 415, 422),
  },
});

export const widgetCampaignBeacon = createRoute({
  operationId: 'widgetCampaignBeacon',
  method: 'post',
  path: '/widget/campaigns/{campaignId}/beacons',
  tags: [WIDGET_TAG],
  summary: 'campaign.shown / campaign.clicked analytics beacon',
  description:
    'Sent by the widget only after Widget.consent(true). Counted per campaign and UTC day, nothing per ' +
    "person. 404 for a campaign not delivered to the visitor's contact; 429 rate_limited above 120 beacons " +
    'a minute per visitor.',
  security: VISITOR_TOKEN,
  request: {
    params: z.object({ campaignId: ulidParam('campaignId') }),
    body: jsonBody(
      strictObject({ kind: z.enum(CAMPAIGN_BEACON_KINDS) }).openapi('WidgetCampaignBeaconRequest'),
      { kind: 'campaign.shown' },
    ),
  },
  responses: {
    204: { description: 'Counted.' },
    ...errorResponses(401, 404, 415, 422, 429),
  },
});
