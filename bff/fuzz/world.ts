import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDiskFileStore } from '../../runtime/files/disk-file-store';
import { createDomainProofFetcher } from '../../runtime/http/domain-proof-fetcher';
import { addOperatorVerifiedDomain } from '../../server-core/automation/add-operator-verified-domain';
import { upsertContact } from '../../server-core/contacts/upsert-contact';
import { addUpload } from '../../server-core/content/add-upload';
import { requestConversationRating } from '../../server-core/conversations/request-conversation-rating';
import { tagConversation } from '../../server-core/conversations/tag-conversation';
import {
  appendMessage,
  createConversation,
  resolveConversation,
} from '../../server-core/conversations/write-conversations';
import type { Db } from '../../server-core/db/db';
import { createExperience } from '../../server-core/experiences/create-experience';
import type { ProgramContent, TourContent } from '../../server-core/experiences/definition';
import { publishExperience } from '../../server-core/experiences/publish-experience';
import { buildDataExport } from '../../server-core/exports/build-data-export';
import { createDataExport } from '../../server-core/exports/create-data-export';
import { setFlag } from '../../server-core/flags/flags';
import { addHelpCenterHost } from '../../server-core/help-center/help-center-hosts';
import { manualClock } from '../../server-core/lib/clock';
import { sha256Hex } from '../../server-core/lib/crypto';
import { newId } from '../../server-core/lib/ulid';
import { unsubscribeToken } from '../../server-core/mail/unsubscribe-link';
import { INVITATION_TTL_MS } from '../../server-core/members/invitations';
import { PASSWORD_RESET_TTL_MS } from '../../server-core/members/password-reset';
import { findOAuthApp } from '../../server-core/oauth/client-auth';
import { grantAuthorization } from '../../server-core/oauth/grant-authorization';
import { s256 } from '../../server-core/oauth/pkce';
import { createScimGroup } from '../../server-core/scim/scim-groups';
import { createScimToken } from '../../server-core/scim/scim-tokens';
import { createScimUser } from '../../server-core/scim/scim-users';
import { seedWorkspace } from '../../server-core/setup/seed-workspace';
import { PNG_1X1 } from '../../server-core/testing/attachments';
import { testCtx } from '../../server-core/testing/ctx';
import { programDraft, tourDraft, urlItem } from '../../server-core/testing/experience-drafts';
import { makeMember } from '../../server-core/testing/fixtures';
import { launcherDefinition, surveyDefinition } from '../../server-core/testing/visible-experiences';
import { createWebhookEndpoint } from '../../server-core/webhooks/create-webhook-endpoint';
import { dispatchEvents } from '../../server-core/webhooks/dispatch-events';
import { identityHmac } from '../../server-core/widget/identity-proof';
import { buildApp } from '../app';
import type { Logger, LogLevel } from '../logger';
import { createServices } from '../services';
import { json, type SignedIn, signIn, type TestApp, testConfig } from '../testing/services';

export interface LogLine {
  level: LogLevel;
  msg: string;
  fields: Record<string, unknown>;
}

/** One workspace with a resource behind every path parameter of the document. */
export interface Tenant {
  workspaceId: string;
  websiteId: string;
  apiKey: string;
  ownerEmail: string;
  ownerPassword: string;
  portal: SignedIn;
  /** A second session of the owner, for the logout operation. */
  logoutSession: SignedIn;
  visitorToken: string;
  helpCenterHost: string;
  identitySecret: string;
  contactEmail: string;
  contactExternalId: string;
  /** A SCIM token of the workspace, and the userName of its provisioned user (params.scimUserId). */
  scimToken: string;
  scimUserName: string;
  /** Path parameter values by name (ids of this workspace's resources, and the article slug). */
  params: Record<string, string>;
  /** Other seeded ids some baselines point at (OVERRIDES in baselines.ts). */
  fixtures: {
    /** A tour the authoring operations edit, publish, unpublish and archive (the tour of params stays live). */
    spareExperienceId: string;
    /** A step of the live tour (params.versionId). */
    tourStepId: string;
    /** A published guide no other baseline edits (updateGuide replaces the steps of params.guideId) and its step. */
    walkthroughGuideId: string;
    walkthroughStepId: string;
    /** A program's live version and the visitor's session of it (params.itemId is one of its items). */
    programVersionId: string;
    programSessionId: string;
    /** A live launcher and banner (seen markers, beacons) and a survey with the visitor's session of it. */
    launcherId: string;
    launcherVersionId: string;
    surveyId: string;
    surveyVersionId: string;
    surveySessionId: string;
    /** A published guide of its own for automation (updateGuide replaces the steps of params.guideId), and its first step. */
    automationGuideId: string;
    guideStepId: string;
    /** A resolved conversation of the contact whose rating staff asked for, and the owner's user id. */
    ratedConversationId: string;
    ownerUserId: string;
    /** A contact of its own for eraseContact. */
    erasableContactId: string;
    /** The token of a live invitation (previewInvitation, acceptInvitation) and of a member's password reset. */
    invitationToken: string;
    resetToken: string;
  };
}

export interface World {
  t: TestApp;
  logs: LogLine[];
  own: Tenant;
  /** Another workspace: its ids are hostile path and query values for the first. */
  foreign: Tenant;
}

/** A logger that keeps every line, so the suite can assert that nothing was logged as unhandled. */
function recordingLogger(lines: LogLine[]): Logger {
  const at =
    (level: LogLevel) =>
    (msg: string, fields: Record<string, unknown> = {}) =>
      lines.push({ level, msg, fields });
  return { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}

export async function buildWorld(db: Db): Promise<World> {
  const logs: LogLine[] = [];
  const clock = manualClock(new Date().toISOString());
  const services = createServices({
    db,
    clock,
    // Limits high enough that the fuzz reaches the operations; the throttles have tests of their own.
    config: testConfig({
      PUBLIC_URL: 'http://127.0.0.1:8787',
      CLAMD_URL: 'tcp://127.0.0.1:9',
      RATE_LIMIT_PER_KEY: '1000000',
      RATE_LIMIT_PER_WORKSPACE: '1000000',
      PASSWORD_RESET_REQUESTS_PER_MINUTE: '1000000',
      PASSWORD_RESET_REQUESTS_PER_HOUR: '1000000',
      MEMBER_LINK_POSTS_PER_MINUTE: '1000000',
    }),
    logger: recordingLogger(logs),
    masterKey: randomBytes(32),
    domainProof: createDomainProofFetcher({ allowHosts: [] }),
    // Uploads are stored (a temporary directory) and queued for a scanner no fuzz request reaches.
    files: createDiskFileStore(mkdtempSync(join(tmpdir(), 'fuzz-files-'))),
  });
  const t: TestApp = { services, clock, app: buildApp(services) };
  const own = await seedTenant(t, db, 'own');
  const foreign = await seedTenant(t, db, 'foreign');
  return { t, logs, own, foreign };
}

async function ok(res: Response, what: string): Promise<{ data: Record<string, unknown> }> {
  if (res.status >= 300) throw new Error(`fuzz seed: ${what} answered ${res.status} ${await res.text()}`);
  return (await res.json()) as { data: Record<string, unknown> };
}

async function seedTenant(t: TestApp, db: Db, label: string): Promise<Tenant> {
  const now = t.clock.now();
  const seeded = await seedWorkspace(db, { now, name: `Fuzz ${label}` });
  const ws = seeded.workspaceId;
  const ctx = testCtx(db, ws, t.clock);
  const portal = await signIn(t, seeded.ownerEmail, seeded.ownerPassword);
  const logoutSession = await signIn(t, seeded.ownerEmail, seeded.ownerPassword);
  const base = `/api/v1/workspaces/${ws}`;
  const post = (path: string, body: unknown) =>
    t.app.request(`${base}${path}`, { method: 'POST', ...json(body, portal.headers) });

  const endpoint = await createWebhookEndpoint(
    ctx,
    { box: t.services.box, policy: { allowHosts: [] } },
    { url: `https://hooks-${label}.example.com/in`, events: ['contact.created', 'conversation.created'] },
  );
  const contactEmail = `contact-${label}@example.com`;
  const contactExternalId = `ext-${label}`;
  const { contact } = await upsertContact(ctx, {
    email: contactEmail,
    name: 'Fuzz contact',
    externalId: contactExternalId,
  });
  await dispatchEvents(db, now);
  const [delivery] = await db.query<{ id: string }>(
    `update webhook_deliveries set status = 'failed' where workspace_id = $1 returning id`,
    [ws],
  );
  const deletable = await createWebhookEndpoint(
    ctx,
    { box: t.services.box, policy: { allowHosts: [] } },
    { url: `https://gone-${label}.example.com/in`, events: ['contact.created'] },
  );
  const revocable = await ok(
    await post('/api-keys', { name: 'revocable', abilities: ['contacts:read'] }),
    'createApiKey',
  );
  // An OAuth app of the tenant, installed in it by the owner (deleteOAuthApp and revokeOAuthInstall).
  const oauthApp = await ok(
    await post('/oauth-apps', {
      name: 'Fuzz app',
      redirect_uris: ['https://app.example.com/callback'],
      scopes: ['contacts:read'],
    }),
    'registerOAuthApp',
  );
  const [owner] = await db.query<{ id: string }>('select id from users where email = $1', [
    seeded.ownerEmail,
  ]);
  const { installId } = await grantAuthorization(
    { ...ctx, actor: { type: 'user', id: owner!.id } },
    {
      app: (await findOAuthApp(db, String(oauthApp.data.client_id)))!,
      userId: owner!.id,
      scopes: ['contacts:read'],
      redirectUri: 'https://app.example.com/callback',
      codeChallenge: s256('fuzz-verifier-fuzz-verifier-fuzz-verifier-fuzz'),
    },
  );

  const conversation = await createConversation(ctx, { contactId: contact.id, channel: 'widget' });
  await appendMessage(ctx, {
    conversationId: conversation.id,
    direction: 'in',
    authorType: 'contact',
    body: 'Hello',
  });
  const rated = await createConversation(ctx, { contactId: contact.id, channel: 'widget' });
  await resolveConversation(ctx, rated.id);
  await requestConversationRating(ctx, rated.id);
  await tagConversation(ctx, { conversationId: conversation.id, tag: `fuzz-${label}` });
  const experience = await publishExperience(
    ctx,
    (
      await createExperience(ctx, {
        type: 'tour',
        name: 'Fuzz tour',
        slug: `tour-${label}`,
        draft: tourDraft(),
      })
    ).id,
  );
  const spare = await createExperience(ctx, { type: 'tour', name: 'Spare tour', draft: tourDraft() });
  const program = await publishExperience(
    ctx,
    (
      await createExperience(ctx, {
        type: 'program',
        name: 'Fuzz program',
        draft: programDraft([urlItem('Docs'), urlItem('Api')]),
      })
    ).id,
  );

  const launcher = await publishExperience(
    ctx,
    (await createExperience(ctx, { type: 'launcher', name: 'Fuzz launcher', draft: launcherDefinition() }))
      .id,
  );
  const survey = await publishExperience(
    ctx,
    (await createExperience(ctx, { type: 'survey', name: 'Fuzz survey', draft: surveyDefinition() })).id,
  );

  const article = await ok(
    await post('/articles', { title: `Reset your password ${label}`, body: '# Reset\n\nOpen the page.' }),
    'createArticle',
  );
  await ok(await post(`/articles/${article.data.id}/publish`, {}), 'publishArticle');
  // A collection, a crawled page and an upload the console's content reads list and its deletes remove.
  const collected = await ok(
    await post('/articles', { title: `Collected ${label}`, collection_slug: `fuzz-${label}` }),
    'createArticle (collection)',
  );
  const page = await ok(
    await post('/pages', {
      url: `https://docs.example.com/${label}`,
      title: 'Fuzz page',
      html: '<p>Words.</p>',
    }),
    'addPage',
  );
  const { upload } = await addUpload(
    ctx,
    {
      filename: 'fuzz.txt',
      mediaType: 'text/plain',
      byteSize: 5,
      text: 'Words',
      title: 'Fuzz',
      audience: 'internal',
    },
    { embedder: t.services.embedder },
  );
  const guide = await ok(
    await post('/guides', { title: `Fuzz guide ${label}`, steps: [{ type: 'click', text: 'Click' }] }),
    'createGuide',
  );
  await ok(await post(`/guides/${guide.data.id}/publish`, {}), 'publishGuide');
  const walkthrough = await ok(
    await post('/guides', {
      title: `Fuzz walkthrough ${label}`,
      share_mode: 'public',
      steps: [{ type: 'click', text: 'Click save', element: { selector_candidates: ['#save'] } }],
    }),
    'createGuide (walkthrough)',
  );
  await ok(await post(`/guides/${walkthrough.data.id}/publish`, {}), 'publishGuide (walkthrough)');

  const helpCenterHost = `help-${label}.fuzz.example.com`;
  await addHelpCenterHost(db, { workspaceId: ws, host: helpCenterHost, now });
  const secret = await ok(await post('/widget/identity-secret/rotate', {}), 'rotateWidgetIdentitySecret');
  const identitySecret = String(secret.data.secret);
  // The help-center signing secret: setHelpCenterSignInUrl needs one.
  await ok(await post('/help-center/signing-secret/rotate', {}), 'rotateHelpCenterSigningSecret');
  const boot = await ok(
    await t.app.request(`/widget/boot?website_id=${seeded.websiteId}`, {
      headers: { Origin: 'https://shop.example.com' },
    }),
    'widgetBoot',
  );
  const visitorToken = String((boot.data.visitor as { token: string }).token);
  await ok(
    await t.app.request('/widget/identify', {
      method: 'POST',
      ...json(
        { email: contactEmail, hmac: identityHmac(identitySecret, contactEmail) },
        { Authorization: `Bearer ${visitorToken}` },
      ),
    }),
    'widgetIdentify',
  );

  // A clean attachment of the contact's conversation (the visitor is identified as that contact). The
  // fuzz runs no worker: the scan's verdict is written as the scan job would write it.
  const form = new FormData();
  form.append('file', new File([PNG_1X1], 'fuzz.png'));
  const uploaded = await ok(
    await t.app.request(`/widget/conversations/${conversation.id}/attachments`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${visitorToken}` },
      body: form,
    }),
    'widgetUploadAttachment',
  );
  const attachmentId = (uploaded.data.attachment as { id: string }).id;
  await db.query(
    `update conversation_attachments set status = 'clean', scanned_at = $3 where workspace_id = $1 and id = $2`,
    [ws, attachmentId, now],
  );

  const widgetPost = async (path: string, body: unknown, what: string) =>
    ok(
      await t.app.request(path, {
        method: 'POST',
        ...json(body, { Authorization: `Bearer ${visitorToken}` }),
      }),
      what,
    );
  const tourSession = await widgetPost(
    `/widget/experiences/${experience.live_version_id}/sessions`,
    { url: 'https://app.example.com/', trigger: 'auto' },
    'widgetOpenSession (tour)',
  );
  const programSession = await widgetPost(
    `/widget/experiences/${program.live_version_id}/sessions`,
    { url: 'https://app.example.com/', trigger: 'auto' },
    'widgetOpenSession (program)',
  );
  const surveySession = await widgetPost(
    `/widget/experiences/${survey.live_version_id}/sessions`,
    { url: 'https://app.example.com/', trigger: 'auto' },
    'widgetOpenSession (survey)',
  );
  // Automation: the flag on, app.example.com verified (on the operator's word: no fetch), a run of the guide.
  await setFlag(db, ws, 'feature.automation.execute', true, now);
  const domain = await addOperatorVerifiedDomain(db, {
    workspaceId: ws,
    domain: 'app.example.com',
    now,
    source: 'operator',
  });
  const automationGuide = await ok(
    await post('/guides', { title: `Automation guide ${label}`, steps: [{ type: 'click', text: 'Click' }] }),
    'createGuide (automation)',
  );
  await ok(await post(`/guides/${automationGuide.data.id}/publish`, {}), 'publishGuide (automation)');
  const [guideStep] = await db.query<{ id: string }>(
    'select id from guide_steps where workspace_id = $1 and guide_id = $2 order by seq limit 1',
    [ws, automationGuide.data.id],
  );
  const run = await widgetPost(
    '/widget/automation-runs',
    {
      guide_id: automationGuide.data.id,
      url: 'https://app.example.com/',
      page: { password_field: false, card_number_field: false },
    },
    'widgetOpenAutomationRun',
  );

  // A trigger message to update and publish, and a campaign delivered to the contact (the beacon's), its
  // claim written as a presence report writes it (the contact's open conversation would hold one back).
  const proactive = await ok(
    await post('/proactive-messages', {
      kind: 'trigger',
      name: `Fuzz trigger ${label}`,
      body: 'Hello',
      rules: { scroll_percent: 50 },
    }),
    'createProactiveMessage',
  );
  const [campaign] = await db.query<{ id: string }>(
    `insert into proactive_messages (workspace_id, id, kind, name, body, status, published_at, created_at, updated_at)
     values ($1, $2, 'campaign', 'Fuzz campaign', 'Hello', 'published', $3, $3, $3) returning id`,
    [ws, newId(now), now],
  );
  await db.query(
    `insert into campaign_deliveries (workspace_id, campaign_id, contact_id, conversation_id, delivered_at)
     values ($1, $2, $3, $4, $5)`,
    [ws, campaign!.id, contact.id, conversation.id, now],
  );

  // A contact eraseContact erases (the fuzz's other operations keep theirs), and a ready export built as
  // the worker would (downloadDataExport's baseline).
  const { contact: erasable } = await upsertContact(ctx, { email: `erasable-${label}@example.com` });
  const readyExport = await createDataExport(ctx, { scope: 'contacts', format: 'csv' });
  await buildDataExport(ctx, t.services.files!, readyExport.id);

  // SCIM: a token the SCIM operations use, a spare one to revoke, a provisioned member (not the owner: the
  // delete deprovisions it) and a group of it.
  const ownerCtx = { ...ctx, actor: { type: 'user' as const, id: owner!.id } };
  const scim = await createScimToken(ownerCtx);
  const spareScim = await createScimToken(ownerCtx);
  const scimUserName = `scim-${label}@example.com`;
  const scimCtx = { ...ctx, actor: { type: 'scim_token' as const, id: scim.token.id } };
  const scimUser = await createScimUser(scimCtx, {
    userName: scimUserName,
    externalId: null,
    givenName: 'Fuzz',
    familyName: 'Person',
    formatted: null,
    displayName: 'Fuzz Person',
    emails: [],
    active: true,
  });
  const scimGroup = await createScimGroup(scimCtx, {
    displayName: 'Fuzz group',
    externalId: null,
    members: [scimUser.id],
  });
  // The team: a member the member operations change and remove, a pending invitation to revoke, and the
  // mailed links of an invitation and of the member's password reset (their hashes stored as the mail's).
  const member = await makeMember(db, ws, 'member', now);
  const invitationToken = `fuzz-invitation-${label}-${newId(now)}`;
  const resetToken = `fuzz-reset-${label}-${newId(now)}`;
  const invite = async (email: string, token: string) =>
    (
      await db.query<{ id: string }>(
        `insert into invitations (workspace_id, id, email, email_normalized, role, token_hash, created_at, expires_at)
         values ($1, $2, $3, $3, 'member', $4, $5, $6) returning id`,
        [ws, newId(now), email, sha256Hex(token), now, new Date(now.getTime() + INVITATION_TTL_MS)],
      )
    )[0]!.id;
  const invitationId = await invite(`revocable-${label}@example.com`, `unused-${label}`);
  await invite(`invited-${label}@example.com`, invitationToken);
  await db.query(
    'insert into password_resets (token_hash, user_id, created_at, expires_at) values ($1, $2, $3, $4)',
    [sha256Hex(resetToken), member.id, now, new Date(now.getTime() + PASSWORD_RESET_TTL_MS)],
  );

  return {
    workspaceId: ws,
    websiteId: seeded.websiteId,
    apiKey: seeded.apiKey,
    ownerEmail: seeded.ownerEmail,
    ownerPassword: seeded.ownerPassword,
    portal,
    logoutSession,
    visitorToken,
    helpCenterHost,
    identitySecret,
    contactEmail,
    contactExternalId,
    scimToken: scim.plaintext,
    scimUserName,
    params: {
      workspaceId: ws,
      apiKeyId: String(revocable.data.id),
      webhookId: deletable.endpoint.id,
      endpointId: endpoint.endpoint.id,
      deliveryId: delivery!.id,
      contactId: contact.id,
      conversationId: conversation.id,
      experienceId: experience.id,
      versionId: experience.live_version_id!,
      sessionId: String(tourSession.data.id),
      itemId: (program.draft.content as ProgramContent).sections[0]!.items[0]!.id,
      guideId: String(guide.data.id),
      articleId: String(article.data.id),
      collectionId: String(collected.data.collection_id),
      pageId: String(page.data.id),
      uploadId: upload.id,
      slug: String(article.data.slug),
      domainId: domain.domain.id,
      runId: String(run.data.id),
      attachmentId,
      tag: `fuzz-${label}`,
      appId: String(oauthApp.data.id),
      installId,
      exportId: readyExport.id,
      scimTokenId: spareScim.token.id,
      scimUserId: scimUser.id,
      scimGroupId: scimGroup.id,
      memberId: member.id,
      invitationId,
      proactiveMessageId: String(proactive.data.id),
      token: unsubscribeToken(t.services.keys.mailLinks, ws, contact.id),
      campaignId: campaign!.id,
    },
    fixtures: {
      spareExperienceId: spare.id,
      tourStepId: (experience.draft.content as TourContent).steps[0]!.id,
      walkthroughGuideId: String(walkthrough.data.id),
      walkthroughStepId: String((walkthrough.data.steps as { id: string }[])[0]!.id),
      programVersionId: program.live_version_id!,
      programSessionId: String(programSession.data.id),
      launcherId: launcher.id,
      launcherVersionId: launcher.live_version_id!,
      surveyId: survey.id,
      surveyVersionId: survey.live_version_id!,
      surveySessionId: String(surveySession.data.id),
      automationGuideId: String(automationGuide.data.id),
      guideStepId: guideStep!.id,
      ratedConversationId: rated.id,
      ownerUserId: owner!.id,
      erasableContactId: erasable.id,
      invitationToken,
      resetToken,
    },
  };
}
