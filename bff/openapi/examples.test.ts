import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import type { ZodType } from 'zod';
import { createDiskFileStore } from '../../runtime/files/disk-file-store';
import { signDownload } from '../../server-core/attachments/download-signature';
import { addOperatorVerifiedDomain } from '../../server-core/automation/add-operator-verified-domain';
import { addUpload } from '../../server-core/content/add-upload';
import { SYSTEM_ACTOR } from '../../server-core/context';
import { requestConversationRating } from '../../server-core/conversations/request-conversation-rating';
import { createConversation, resolveConversation } from '../../server-core/conversations/write-conversations';
import { buildDataExport } from '../../server-core/exports/build-data-export';
import { createDataExport } from '../../server-core/exports/create-data-export';
import { signExportLink } from '../../server-core/exports/export-link';
import { sha256Hex } from '../../server-core/lib/crypto';
import { newId } from '../../server-core/lib/ulid';
import { unsubscribeToken } from '../../server-core/mail/unsubscribe-link';
import { INVITATION_TTL_MS } from '../../server-core/members/invitations';
import { PASSWORD_RESET_TTL_MS } from '../../server-core/members/password-reset';
import { grantAuthorization } from '../../server-core/oauth/grant-authorization';
import { registerOAuthApp } from '../../server-core/oauth/oauth-apps';
import { s256 } from '../../server-core/oauth/pkce';
import { exchangeCode } from '../../server-core/oauth/token-grants';
import { putSamlConnection } from '../../server-core/saml/saml-connection';
import { spUrls } from '../../server-core/saml/sp-urls';
import { createScimGroup } from '../../server-core/scim/scim-groups';
import { createScimToken } from '../../server-core/scim/scim-tokens';
import { createScimUser } from '../../server-core/scim/scim-users';
import { ensureDemoAutomation } from '../../server-core/setup/demo-automation';
import { ensureDemoContent } from '../../server-core/setup/demo-content';
import {
  DEMO_ONBOARDING_SLUG,
  DEMO_STORE_TOUR_SLUG,
  ensureDemoExperiences,
} from '../../server-core/setup/demo-experiences';
import { DEMO_HELP_CENTER_HOST, ensureDemoHelpCenterHost } from '../../server-core/setup/demo-help-center';
import { ensureDemoProactive } from '../../server-core/setup/demo-proactive';
import { DEMO_STAFF_EMAIL, seedDemoWorkspace } from '../../server-core/setup/demo-seed';
import { ensureDemoWidget } from '../../server-core/setup/demo-widget';
import { SMALL_PDF } from '../../server-core/testing/attachments';
import { describeDb } from '../../server-core/testing/db';
import { insertExperience } from '../../server-core/testing/experiences';
import {
  assertionXml,
  makeIdpKeys,
  responseXml,
  signRoot,
  toBase64,
} from '../../server-core/testing/saml-idp';
import {
  announcementDefinition,
  bannerDefinition,
  launcherDefinition,
  surveyDefinition,
} from '../../server-core/testing/visible-experiences';
import { dispatchEvents } from '../../server-core/webhooks/dispatch-events';
import { identityHmac } from '../../server-core/widget/identity-proof';
import { openIdentitySecret } from '../../server-core/widget/identity-secret';
import {
  EXAMPLE_DEMO,
  EXAMPLE_DOWNLOAD,
  EXAMPLE_EXPORT_LINK,
  EXAMPLE_HELP_CENTER,
  EXAMPLE_ID,
  EXAMPLE_PAGE_URL,
  EXAMPLE_SECRET,
  type ExampleIdName,
} from '../contract/examples';
import { EXAMPLE_SAML_RESPONSE } from '../contract/saml';
import {
  CREDENTIAL,
  type ExampleRequest,
  exampleRequest,
  exampleResponses,
} from '../routes/site/docs-examples';
import { documentOperations, type OpenApiDoc } from '../routes/site/openapi-doc';
import { type ContractOperation, contractOperations } from '../testing/contract-operations';
import { json, makeTestApp, signIn, type TestApp } from '../testing/services';
import { OPENAPI_PATH } from './document';

/**
 * The examples of the reference at /docs are declared in the contract (bff/contract, `json(schema,
 * example)` and `jsonBody(schema, example)`, parameter examples) and checked here: every operation has
 * them, every response example matches its schema, and every example request, sent to the app over the
 * demo workspace with the placeholders of bff/contract/examples.ts swapped for real ids and credentials,
 * gets a documented success status and a body that matches the schema of that status.
 */

/** Run after the others: each changes state an earlier example relies on. */
const LAST = [
  'untagConversation', // tagConversation's example adds the tag it removes
  'widgetCloseAutomationRun', // the run's step example records on it first
  'removeVerifiedDomain',
  'publishExperience', // a new live version: the widget examples open sessions on the one before
  'unpublishExperience',
  'archiveExperience',
  'unpublishArticle',
  'unpublishGuide',
  'revokeApiKey',
  'revokeOAuthInstall', // the token and introspection examples use the install's tokens first
  'deleteOAuthApp',
  'putSamlConnection', // replaces the certificate of the IdP that signed the ACS example's response
  'deleteWebhook',
  'rotateWidgetIdentitySecret',
  'eraseContact', // erases the demo contact the other examples use
  'scimDeleteGroup',
  'scimDeleteUser', // after the group examples name the user as a member
  'revokeScimToken', // a token of its own: the SCIM examples use another
  'deletePage',
  'deleteUpload',
  'deleteArticleCollection',
  'deleteArticle', // the demo article the other content examples read
  'acceptInvitation', // consumes the invitation previewInvitation reads
  'removeMember', // updateMember's example changes the member's role first
  'logout',
];

type Routes = Map<string, ContractOperation>;

/** The inbound mail hooks' shared secret in the examples app (the curl reads $INBOUND_MAIL_SECRET). */
const INBOUND_SECRET = 'examples-inbound-secret-0123456789abcdef';

/** The schema of a JSON answer: application/json, or application/scim+json (SCIM). */
function responseSchema(route: Record<string, unknown>, status: string): ZodType | undefined {
  const responses = route.responses as Record<string, { content?: Record<string, { schema?: ZodType }> }>;
  const content = responses[status]?.content;
  return (content?.['application/json'] ?? content?.['application/scim+json'])?.schema;
}

async function loadDocument(t: TestApp): Promise<OpenApiDoc> {
  return (await (await t.app.request(OPENAPI_PATH)).json()) as OpenApiDoc;
}

/** The paths of fields in `value` that zod dropped from `parsed` (the schema does not declare them). */
function undeclared(value: unknown, parsed: unknown, path = ''): string[] {
  if (Array.isArray(value) && Array.isArray(parsed))
    return value.flatMap((v, i) => undeclared(v, parsed[i], `${path}[${i}]`));
  if (value && parsed && typeof value === 'object' && typeof parsed === 'object') {
    return Object.entries(value).flatMap(([k, v]) =>
      k in parsed ? undeclared(v, (parsed as Record<string, unknown>)[k], `${path}.${k}`) : [`${path}.${k}`],
    );
  }
  return [];
}

/** Where the value breaks the schema, or carries a field the schema does not declare. */
const issuesOf = (schema: ZodType, value: unknown) => {
  const parsed = schema.safeParse(value);
  if (!parsed.success) return parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  return undeclared(value, parsed.data).map((p) => `${p}: not declared by the schema`);
};

async function userIdOf(db: TestApp['services']['db'], email: string): Promise<string> {
  return (await db.query<{ id: string }>('select id from users where email = $1', [email]))[0]!.id;
}

/** The demo workspace with everything the examples touch, and the values that replace the placeholders. */
async function fixtures(t: TestApp) {
  const db = t.services.db;
  const now = t.clock.now();
  const demo = (await seedDemoWorkspace(db, now))!;
  const publicUrl = t.services.config.publicUrl;
  await ensureDemoWidget(db, t.services.box, now, publicUrl);
  await ensureDemoHelpCenterHost(db, now);
  await ensureDemoContent(db, now, t.services.embedder);
  await ensureDemoExperiences(db, now);
  await ensureDemoAutomation(db, now, { publicUrl, development: t.services.config.development });
  await ensureDemoProactive(db, now);
  const one = async (sql: string, params: unknown[]) =>
    (await db.query<{ id: string }>(sql, [demo.workspaceId, ...params]))[0]!.id;
  const live = (slug: string) =>
    one('select live_version_id as id from experiences where workspace_id = $1 and slug = $2', [slug]);
  const session = await signIn(t, demo.ownerEmail, demo.ownerPassword);
  const post = (path: string, body: unknown) =>
    t.app.request(path, { method: 'POST', ...json(body, { Authorization: `Bearer ${demo.apiKey}` }) });
  const created = async (res: Response | Promise<Response>) => {
    const r = await res;
    expect(r.status, await r.clone().text()).toBeLessThan(300);
    return ((await r.json()) as { data: { id: string } }).data;
  };

  // A visitor of the demo website, identified as the demo contact (Widget.track needs one).
  const boot = (await (await t.app.request(`/widget/boot?website_id=${demo.websiteId}`)).json()) as {
    data: { visitor: { token: string } };
  };
  const visitorToken = boot.data.visitor.token;
  const secret = (await openIdentitySecret(db, t.services.box, demo.workspaceId))!.secret;
  const hmac = identityHmac(secret, EXAMPLE_DEMO.contactEmail);
  await created(
    t.app.request('/widget/identify', {
      method: 'POST',
      ...json({ email: EXAMPLE_DEMO.contactEmail, hmac }, { Authorization: `Bearer ${visitorToken}` }),
    }),
  );
  // Its sessions of the demo store's tour and onboarding program (the session and item examples use them).
  const openSession = async (versionId: string) =>
    (
      await created(
        t.app.request(`/widget/experiences/${versionId}/sessions`, {
          method: 'POST',
          ...json({ url: EXAMPLE_PAGE_URL, trigger: 'auto' }, { Authorization: `Bearer ${visitorToken}` }),
        }),
      )
    ).id;
  const tourVersionId = await live(DEMO_STORE_TOUR_SLUG);
  const programVersionId = await live(DEMO_ONBOARDING_SLUG);
  const tourSessionId = await openSession(tourVersionId);
  const programSessionId = await openSession(programVersionId);
  // The demo's launcher, banner, announcement and survey (written here when the seed has none of a type);
  // the survey's question ids are the examples' (`recommend`), and the visitor has a session of it.
  const published = async (type: 'launcher' | 'banner' | 'announcement' | 'survey', definition: unknown) => {
    const [found] = await db.query<{ id: string; versionId: string }>(
      `select id, live_version_id as "versionId" from experiences
       where workspace_id = $1 and type = $2 and status = 'published' order by id limit 1`,
      [demo.workspaceId, type],
    );
    return found ?? insertExperience(db, demo.workspaceId, { type, definition, at: now });
  };
  const launcher = await published('launcher', launcherDefinition());
  const banner = await published('banner', bannerDefinition({ frequency: { kind: 'unlimited' } }));
  const announcement = await published('announcement', announcementDefinition());
  const survey = await published('survey', surveyDefinition());
  const surveySessionId = await openSession(survey.versionId);

  // A collection, a crawled page and an upload (the console's content examples read and delete them).
  const collectionId = await one(
    `insert into article_collections (workspace_id, id, name, slug, created_at) values ($1, $2, 'Examples', 'examples', $3)
     returning id`,
    [newId(now), now],
  );
  const page = await created(
    t.app.request(`/api/v1/workspaces/${demo.workspaceId}/pages`, {
      method: 'POST',
      ...json(
        { url: 'https://acme.example.com/help/shipping', title: 'Shipping times', html: '<p>Two days.</p>' },
        session.headers,
      ),
    }),
  );
  const { upload } = await addUpload(
    { db, clock: t.clock, workspaceId: demo.workspaceId, actor: SYSTEM_ACTOR },
    {
      filename: 'refund-policy.md',
      mediaType: 'text/markdown',
      byteSize: 40,
      text: '# Refund policy\n\nWithin 30 days.',
      title: 'Refund policy',
      audience: 'customers',
    },
    { embedder: t.services.embedder },
  );

  // A campaign delivered to the demo contact (the beacon example counts it), claimed as the presence
  // report claims one; the demo contact's open conversations would hold a real report back.
  const campaignId = await one(
    `insert into proactive_messages (workspace_id, id, kind, name, body, status, published_at, created_at, updated_at)
     values ($1, $2, 'campaign', 'Welcome', 'Welcome to the store', 'published', $3, $3, $3) returning id`,
    [newId(now), now],
  );
  await db.query(
    `insert into campaign_deliveries (workspace_id, campaign_id, contact_id, conversation_id, delivered_at)
     select $1, $2, id, $3, $4 from contacts where workspace_id = $1 and email = $5`,
    [demo.workspaceId, campaignId, newId(now), now, EXAMPLE_DEMO.contactEmail],
  );

  // An endpoint with one finished delivery (redelivery refuses a pending one), and one to delete.
  const endpoint = await created(
    post('/api/v1/webhooks', { url: 'https://hooks.example.com/a', events: ['contact.created'] }),
  );
  await created(post('/api/v1/contacts', { email: 'webhook-fixture@acme-customer.test' }));
  await dispatchEvents(db, now);
  const deliveryId = await one(
    "update webhook_deliveries set status = 'succeeded', next_attempt_at = null, completed_at = $2 where workspace_id = $1 and endpoint_id = $3 returning id",
    [now, endpoint.id],
  );
  const doomedWebhook = await created(
    post('/api/v1/webhooks', { url: 'https://hooks.example.com/b', events: ['contact.created'] }),
  );
  const doomedKey = await created(
    t.app.request(`/api/v1/workspaces/${demo.workspaceId}/api-keys`, {
      method: 'POST',
      ...json({ name: 'to revoke', abilities: ['contacts:read'] }, session.headers),
    }),
  );

  // Automation: an operator-verified domain (verify answers it as it is; remove comes last) and a run of the
  // guide by this visitor on the demo page (a verified host in development), with the guide's first step.
  const guideId = await one('select id from guides where workspace_id = $1 and title = $2', [
    'Invite a teammate',
  ]);
  const domain = await addOperatorVerifiedDomain(db, {
    workspaceId: demo.workspaceId,
    domain: 'docs.example.com',
    now,
    source: 'operator',
  });
  const run = await created(
    t.app.request('/widget/automation-runs', {
      method: 'POST',
      ...json(
        {
          guide_id: guideId,
          url: EXAMPLE_PAGE_URL,
          page: { password_field: false, card_number_field: false },
        },
        { Authorization: `Bearer ${visitorToken}` },
      ),
    }),
  );

  // A clean attachment of the demo contact's conversation (the visitor is identified as that contact),
  // marked clean as the scan job would, and the signed link of the widget download example.
  const exportingInvoices = await one(
    'select id from conversations where workspace_id = $1 and subject = $2',
    ['Exporting invoices'],
  );
  const form = new FormData();
  form.append('file', new File([SMALL_PDF], 'receipt.pdf'));
  const uploaded = (await created(
    t.app.request(`/widget/conversations/${exportingInvoices}/attachments`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${visitorToken}` },
      body: form,
    }),
  )) as unknown as { attachment: { id: string } };
  const attachmentId = uploaded.attachment.id;
  await db.query(
    `update conversation_attachments set status = 'clean', scanned_at = $3 where workspace_id = $1 and id = $2`,
    [demo.workspaceId, attachmentId, now],
  );
  const link = signDownload(t.services.keys.attachmentDownload, attachmentId, t.clock.now());
  // A resolved conversation of the demo contact whose rating staff asked for (the rating examples).
  const contactId = await one('select id from contacts where workspace_id = $1 and email = $2', [
    EXAMPLE_DEMO.contactEmail,
  ]);
  const ctx = { db, clock: t.clock, workspaceId: demo.workspaceId, actor: SYSTEM_ACTOR };
  const rated = await createConversation(ctx, { contactId, channel: 'widget', subject: 'Rated' });
  await resolveConversation(ctx, rated.id);
  await requestConversationRating(ctx, rated.id);
  // A ready contacts export, built as the worker would, and the signed link of the download example.
  const readyExport = await createDataExport(ctx, { scope: 'contacts', format: 'json' });
  await buildDataExport(ctx, t.services.files!, readyExport.id);
  const exportLink = signExportLink(
    t.services.keys.dataExportDownload,
    demo.workspaceId,
    readyExport.id,
    t.clock.now(),
  );
  // An OAuth app of the demo workspace, installed there by the owner: a code for the token example (its
  // challenge is the example verifier's) and an access token for the introspection example.
  const ownerCtx = {
    db,
    clock: t.clock,
    workspaceId: demo.workspaceId,
    actor: { type: 'user' as const, id: await userIdOf(db, demo.ownerEmail) },
  };
  const redirectUri = 'https://crm.example.com/oauth/callback';
  const oauthApp = await registerOAuthApp(ownerCtx, {
    name: 'Acme CRM connector',
    redirectUris: [redirectUri],
    scopes: ['contacts:read', 'conversations:read'],
  });
  const grant = () =>
    grantAuthorization(ownerCtx, {
      app: oauthApp.app,
      userId: ownerCtx.actor.id,
      scopes: oauthApp.app.scopes,
      redirectUri,
      codeChallenge: s256(EXAMPLE_SECRET.codeVerifier),
    });
  const { code: oauthCode, installId } = await grant();
  const introspected = await exchangeCode({ db, clock: t.clock }, oauthApp.app, {
    code: (await grant()).code,
    redirectUri,
    codeVerifier: EXAMPLE_SECRET.codeVerifier,
  });

  // SCIM: a token the examples call with, one to revoke, the provisioned user of the user examples (its
  // userName is the replace example's) and a group of the group examples.
  const scimToken = await createScimToken(ownerCtx);
  const doomedScimToken = await createScimToken(ownerCtx);
  const scimCtx = { ...ownerCtx, actor: { type: 'scim_token' as const, id: scimToken.token.id } };
  const scimUser = await createScimUser(scimCtx, {
    userName: 'grace@acme.test',
    externalId: '00u1grace',
    givenName: 'Grace',
    familyName: 'Hopper',
    formatted: null,
    displayName: 'Grace Hopper',
    emails: [{ value: 'grace@acme.test', type: 'work', primary: true }],
    active: true,
  });
  const scimGroup = await createScimGroup(scimCtx, {
    displayName: 'Support Admins',
    externalId: '00g1admins',
    members: [scimUser.id],
  });

  // A SAML connection of the demo workspace with an IdP of the test's own, accepting IdP-initiated
  // responses; the owner's identity is bound, so the ACS example (a response that IdP signed) signs in.
  const idp = makeIdpKeys();
  await putSamlConnection(
    ownerCtx,
    {
      idp_entity_id: 'https://idp.example.com/metadata',
      sso_url: 'https://idp.example.com/sso',
      certificate_pem: idp.certPem,
      jit_provisioning: false,
      idp_initiated: true,
      jit_role: 'member',
    },
    { development: false },
  );
  await db.query(
    'insert into saml_identities (workspace_id, name_id, user_id, created_at) values ($1, $2, $3, $4)',
    [demo.workspaceId, demo.ownerEmail.toLowerCase(), ownerCtx.actor.id, now],
  );
  const sp = spUrls(publicUrl, demo.workspaceId);
  const samlResponse = toBase64(
    responseXml({ destination: sp.acsUrl, issuer: 'https://idp.example.com/metadata', issueInstant: now }, [
      signRoot(
        assertionXml({
          issuer: 'https://idp.example.com/metadata',
          nameId: demo.ownerEmail,
          recipient: sp.acsUrl,
          audience: sp.entityId,
          notBefore: new Date(now.getTime() - 60_000),
          notOnOrAfter: new Date(now.getTime() + 3_600_000),
        }),
        idp,
      ),
    ]),
  );

  // The team: the demo's staff member (changed, then removed), a pending invitation to revoke, and the
  // links mailed for an invitation and a password reset (their tokens are the examples' placeholders).
  const staffId = await userIdOf(db, DEMO_STAFF_EMAIL);
  const invite = async (email: string, token: string) =>
    one(
      `insert into invitations (workspace_id, id, email, email_normalized, role, token_hash, created_at, expires_at)
       values ($1, $2, $3, $3, 'member', $4, $5, $6) returning id`,
      [newId(now), email, sha256Hex(token), now, new Date(now.getTime() + INVITATION_TTL_MS)],
    );
  const invitationId = await invite('to-revoke@demo.test', 'a-token-no-example-uses');
  await invite('invited@demo.test', EXAMPLE_SECRET.invitationToken);
  await db.query(
    'insert into password_resets (token_hash, user_id, created_at, expires_at) values ($1, $2, $3, $4)',
    [sha256Hex(EXAMPLE_SECRET.resetToken), staffId, now, new Date(now.getTime() + PASSWORD_RESET_TTL_MS)],
  );

  const ids: Record<ExampleIdName, string | null> = {
    workspaceId: demo.workspaceId,
    websiteId: demo.websiteId,
    apiKeyId: doomedKey.id,
    contactId,
    ratedConversationId: rated.id,
    conversationId: await one('select id from conversations where workspace_id = $1 and subject = $2', [
      'Exporting invoices',
    ]),
    experienceId: await one('select id from experiences where workspace_id = $1 and slug = $2', [
      DEMO_STORE_TOUR_SLUG,
    ]),
    versionId: tourVersionId,
    sessionId: tourSessionId,
    programVersionId,
    programSessionId,
    articleId: await one('select id from articles where workspace_id = $1 and slug = $2', [
      EXAMPLE_DEMO.articleSlug,
    ]),
    guideId,
    domainId: domain.domain.id,
    runId: run.id,
    runStepId: await one(
      'select id from guide_steps where workspace_id = $1 and guide_id = $2 order by seq limit 1',
      [guideId],
    ),
    webhookId: doomedWebhook.id,
    endpointId: endpoint.id,
    deliveryId,
    // The demo owner: assignConversation's assignee.
    userId: await one("select user_id as id from memberships where workspace_id = $1 and role = 'owner'", []),
    // Ids that only appear in answers, never in a request.
    messageId: null,
    programId: null,
    // A step of the demo guide: widgetReportGuideLocation's body names it.
    stepId: await one(
      `select s.id from guide_steps s join guides g on g.workspace_id = s.workspace_id and g.id = s.guide_id
       where s.workspace_id = $1 and g.title = $2 order by s.seq limit 1`,
      ['Invite a teammate'],
    ),
    collectionId,
    eventId: null,
    visitorId: null,
    pageId: page.id,
    uploadId: upload.id,
    chunkId: null,
    launcherId: launcher.id,
    launcherVersionId: launcher.versionId,
    bannerId: banner.id,
    bannerVersionId: banner.versionId,
    announcementId: announcement.id,
    announcementVersionId: announcement.versionId,
    surveyId: survey.id,
    surveyVersionId: survey.versionId,
    surveySessionId,
    attachmentId,
    appId: oauthApp.app.id,
    installId,
    exportId: readyExport.id,
    scimTokenId: doomedScimToken.token.id,
    scimUserId: scimUser.id,
    scimGroupId: scimGroup.id,
    memberId: staffId,
    invitationId,
    proactiveMessageId: await one(
      "select id from proactive_messages where workspace_id = $1 and kind = 'trigger' and name = $2",
      ['Demo page help'],
    ),
    campaignId,
  };
  const swaps: [string, string][] = [
    // The OAuth credentials embed the example workspace id: swapped before the ids are.
    [EXAMPLE_SECRET.clientSecret, oauthApp.clientSecret],
    [EXAMPLE_SECRET.oauthCode, oauthCode],
    [EXAMPLE_SECRET.accessToken, introspected.access_token],
    [EXAMPLE_SAML_RESPONSE, samlResponse],
    [
      EXAMPLE_SECRET.unsubscribeToken,
      unsubscribeToken(t.services.keys.mailLinks, demo.workspaceId, contactId),
    ],
    [EXAMPLE_SECRET.inboundToken, await one('select inbound_token as id from workspaces where id = $1', [])],
    [CREDENTIAL.inboundMailSecret, INBOUND_SECRET],
    ...Object.entries(ids).flatMap(([name, real]) =>
      real ? [[EXAMPLE_ID[name as ExampleIdName], real] as [string, string]] : [],
    ),
    [EXAMPLE_SECRET.password, demo.ownerPassword],
    // The tokens stay as they are: the fixtures stored their hashes.
    [EXAMPLE_SECRET.identityHmac, hmac],
    [CREDENTIAL.apiKey, demo.apiKey],
    [CREDENTIAL.visitorToken, visitorToken],
    [CREDENTIAL.scimToken, scimToken.plaintext],
    [CREDENTIAL.csrfToken, session.csrf],
    [EXAMPLE_DOWNLOAD.expires, String(link.expires)],
    [EXAMPLE_DOWNLOAD.signature, link.signature],
    [EXAMPLE_EXPORT_LINK.expires, String(exportLink.expires)],
    [EXAMPLE_EXPORT_LINK.signature, exportLink.signature],
  ];
  return { swaps, cookie: session.cookie };
}

function swapAll(text: string, swaps: [string, string][]): string {
  return swaps.reduce((s, [from, to]) => s.replaceAll(from, to), text);
}

/** The example request as the app receives it: placeholders swapped, the cookie jar as a Cookie header. */
async function toRequest(
  req: ExampleRequest,
  fx: { swaps: [string, string][]; cookie: string },
): Promise<[string, RequestInit]> {
  const headers = new Headers(req.headers.map(([k, v]): [string, string] => [k, swapAll(v, fx.swaps)]));
  if (req.cookieJar === 'read') headers.set('Cookie', fx.cookie);
  if (req.server === EXAMPLE_HELP_CENTER) headers.set('Host', DEMO_HELP_CENTER_HOST);
  else expect(req.server, 'an operation server the test does not know').toBeNull();
  let body: BodyInit | undefined;
  if (req.body?.type === 'json') body = swapAll(JSON.stringify(req.body.value), fx.swaps);
  if (req.body?.type === 'urlencoded') {
    body = new URLSearchParams(
      req.body.fields.map((f): [string, string] => [f.name, swapAll(f.value, fx.swaps)]),
    );
  }
  if (req.body?.type === 'raw') body = swapAll(req.body.value, fx.swaps);
  if (req.body?.type === 'form') {
    const form = new FormData();
    for (const f of req.body.fields) {
      if (f.file) {
        const text =
          '# Refund policy\n\nRefunds go back to the original payment method within 5 working days.';
        const content = f.file.contentType === 'application/pdf' ? SMALL_PDF : text;
        form.append(f.name, new File([content], f.value, { type: f.file.contentType ?? 'text/plain' }));
      } else form.append(f.name, f.value);
    }
    // Serialised through a Request, as curl sends it: a boundary in Content-Type and a Content-Length.
    const encoded = new Request('http://localhost/', { method: 'POST', body: form });
    body = await encoded.arrayBuffer();
    headers.set('Content-Type', encoded.headers.get('Content-Type')!);
    headers.set('Content-Length', String(body.byteLength));
  }
  return [swapAll(req.path, fx.swaps), { method: req.method, headers, body }];
}

describeDb('the examples of every operation', (getDb) => {
  it('every operation declares a complete request example and a response example for each success answer, and each response example matches its schema', async () => {
    const t = makeTestApp(getDb());
    const doc = await loadDocument(t);
    const routes: Routes = new Map((await contractOperations()).map((c) => [c.operationId, c]));
    const problems: string[] = [];
    let responseExamples = 0;
    for (const { method, path, op } of documentOperations(doc)) {
      const id = op.operationId!;
      const req = exampleRequest(doc, method, path, op);
      for (const m of req.missing) problems.push(`${id}: no example for the ${m}`);
      const successes = exampleResponses(op);
      if (successes.length === 0) problems.push(`${id}: no success answer`);
      for (const r of successes) {
        if (!r.hasBody || r.html) continue;
        if (r.example === undefined) {
          problems.push(`${id}: no example for its ${r.status} answer`);
          continue;
        }
        responseExamples++;
        const schema = responseSchema(routes.get(id)!.route, r.status);
        if (!schema) continue; // a file (the attachment downloads): no JSON schema to match
        for (const issue of issuesOf(schema, r.example)) problems.push(`${id} ${r.status} example: ${issue}`);
      }
    }
    expect(problems).toEqual([]);
    // Every operation with a JSON success body has an example of it (bodiless deletes and pages have none).
    const withJsonBody = documentOperations(doc).filter(({ op }) =>
      exampleResponses(op).some((r) => r.hasBody && !r.html),
    );
    expect(responseExamples).toBeGreaterThanOrEqual(withJsonBody.length);
  });

  it('each example request, with the placeholders swapped for the demo workspace, gets a documented success and a body that matches its schema', async () => {
    // Attachments on: files in a temporary directory, a scanner no example reaches (the fixture's file is
    // marked clean as the scan job would).
    const files = createDiskFileStore(mkdtempSync(join(tmpdir(), 'examples-files-')));
    const t = makeTestApp(
      getDb(),
      {
        PUBLIC_URL: 'http://localhost:3000',
        CLAMD_URL: 'tcp://127.0.0.1:9',
        INBOUND_MAIL_DOMAIN: 'in.example.com',
        INBOUND_MAIL_SECRET: INBOUND_SECRET,
      },
      undefined,
      { files },
    );
    const doc = await loadDocument(t);
    const routes: Routes = new Map((await contractOperations()).map((c) => [c.operationId, c]));
    const fx = await fixtures(t);
    const operations = documentOperations(doc).sort(
      (a, b) => LAST.indexOf(a.op.operationId!) - LAST.indexOf(b.op.operationId!),
    );
    const outcomes: string[] = [];
    for (const { method, path, op } of operations) {
      const id = op.operationId!;
      const [url, init] = await toRequest(exampleRequest(doc, method, path, op), fx);
      const res = await t.app.request(url, init);
      const text = await res.text();
      const success = exampleResponses(op).find((r) => r.status === String(res.status));
      if (!success) {
        outcomes.push(`${id}: ${method.toUpperCase()} ${url} answered ${res.status} ${text.slice(0, 300)}`);
        continue;
      }
      if (success.html) {
        // A page (the OAuth consent page): HTML, as documented.
        if (!/^text\/html\b/.test(res.headers.get('Content-Type') ?? '') || !text.includes('<html'))
          outcomes.push(`${id}: ${res.status} is not the documented HTML page`);
        continue;
      }
      if (!success.hasBody) {
        if (text !== '') outcomes.push(`${id}: ${res.status} has a body the document does not declare`);
        continue;
      }
      const schema = responseSchema(routes.get(id)!.route, success.status);
      if (!schema) {
        // A file: the download answers its bytes.
        if (text === '') outcomes.push(`${id}: ${res.status} answered no file`);
        continue;
      }
      for (const issue of issuesOf(schema, JSON.parse(text))) outcomes.push(`${id} ${res.status}: ${issue}`);
    }
    expect(outcomes).toEqual([]);
    expect(operations.length).toBe(Object.values(doc.paths).flatMap((item) => Object.keys(item)).length);
  });
});
