import { signDownload } from '../../server-core/attachments/download-signature';
import { watchKey } from '../../server-core/experiences/decision/watch';
import { signExportLink } from '../../server-core/exports/export-link';
import { encodeCursor } from '../../server-core/lib/cursor';
import { PNG_1X1 } from '../../server-core/testing/attachments';
import { identityHmac } from '../../server-core/widget/identity-proof';
import { EXAMPLE_IDP_CERTIFICATE } from '../contract/saml';
import { RFC_ATTRIBUTE_OPERATIONS } from '../contract/scim';
import type { JsonPath } from './json-text';
import {
  type OpenApiDoc,
  type OperationObject,
  type ParameterObject,
  resolve,
  type Schema,
  validValue,
} from './schema-values';
import type { Tenant, World } from './world';

export type Credential = 'apiKey' | 'portalSession' | 'visitorToken' | 'scimToken' | 'none';

/** One operation of the document, as the fuzz needs it. */
export interface Operation {
  id: string;
  method: string;
  template: string;
  credential: Credential;
  pathParams: ParameterObject[];
  queryParams: ParameterObject[];
  headerParams: ParameterObject[];
  body: { type: 'json' | 'form'; schema: Schema } | null;
  /** An RFC-shaped operation that ignores undeclared attributes and query parameters (SCIM). */
  ignoresUnknown: boolean;
}

/**
 * Operations the fuzz leaves out, and why. The OAuth protocol endpoints follow their RFCs instead of the
 * house rules the fuzz checks: they ignore unknown parameters (RFC 6749 section 3.2) and answer errors
 * in RFC shapes or as HTML pages; their hostile input is covered by bff/routes/oauth/oauth-hostile.test.ts
 * and server-core/oauth/security.test.ts. The SAML protocol endpoints likewise answer pages, XML and
 * redirects and ignore unknown parameters (the SAML bindings); every refusal of the ACS is one 403 page; their
 * hostile input is covered by bff/routes/saml/saml-attacks.test.ts and server-core/saml/saml-rules.test.ts.
 */
export const NOT_FUZZED: Readonly<Record<string, string>> = {
  oauthAuthorize: 'RFC 6749 authorization endpoint: an HTML page, unknown parameters ignored',
  oauthToken: 'RFC 6749 token endpoint: a form, unknown parameters ignored, RFC 6749 section 5.2 errors',
  oauthIntrospect: 'RFC 7662 introspection: a form, unknown parameters ignored, RFC 6749 section 5.2 errors',
  samlMetadata: 'SAML metadata: XML, or the fallback page',
  samlHandoff: 'SAML handoff: an HTML page, unknown parameters ignored',
  samlContinueLogin: 'SAML continue-login: a redirect to the IdP, unknown parameters ignored',
  samlAcs: 'SAML assertion consumer: a form of the HTTP-POST binding, every refusal the same 403 page',
  samlConfirmBinding: 'SAML ownership confirmation: an HTML page and its form',
  // A raw RFC 5322 body, not JSON or a form; its hostile input (secrets, garbage, no From, oversized, NUL and
  // lone surrogates, forged addresses) is covered by bff/routes/inbound-mail.test.ts.
  inboundEmail: 'raw MIME (message/rfc822) behind a shared secret, not a JSON or form body',
  inboundEmailLegacy: 'raw MIME (message/rfc822) behind a shared secret, not a JSON or form body',
};

export function operationsOf(doc: OpenApiDoc): Operation[] {
  const ops: Operation[] = [];
  for (const [template, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item) as [string, OperationObject][]) {
      if (!op.operationId || NOT_FUZZED[op.operationId]) continue;
      const params = op.parameters ?? [];
      const content = op.requestBody?.content ?? {};
      const jsonBody = content['application/json'] ?? content['application/scim+json'];
      const formBody = content['multipart/form-data'];
      if (Object.keys(content).length > (jsonBody || formBody ? 1 : 0)) {
        throw new Error(`Teach the fuzz the request body of ${op.operationId}: ${Object.keys(content)}`);
      }
      const scheme = Object.keys(op.security?.[0] ?? {})[0];
      ops.push({
        id: op.operationId,
        method: method.toUpperCase(),
        template,
        credential: (scheme ?? 'none') as Credential,
        pathParams: params.filter((p) => p.in === 'path'),
        queryParams: params.filter((p) => p.in === 'query'),
        headerParams: params.filter((p) => p.in === 'header'),
        body: jsonBody
          ? { type: 'json', schema: jsonBody.schema }
          : formBody
            ? { type: 'form', schema: formBody.schema }
            : null,
        ignoresUnknown: RFC_ATTRIBUTE_OPERATIONS.includes(op.operationId),
      });
    }
  }
  return ops;
}

/** A part of a multipart body; bytes are sent as they are (names and file names too). */
export interface FormPart {
  name: string;
  value: string | Uint8Array;
  filename?: string | Uint8Array;
  contentType?: string;
}

export type BaselineBody =
  | { kind: 'json'; value: unknown; freeForm: JsonPath[] }
  | { kind: 'form'; parts: FormPart[] };

/** A request the operation answers 2xx: the starting point of every mutation. */
export interface Baseline {
  op: Operation;
  /** Path parameter values, unencoded. */
  path: Record<string, string>;
  /** Query parameters, unencoded. */
  query: [string, string][];
  headers: Record<string, string>;
  body: BaselineBody | null;
}

export function credentialHeaders(op: Operation, tenant: Tenant): Record<string, string> {
  switch (op.credential) {
    case 'apiKey':
      return { Authorization: `Bearer ${tenant.apiKey}` };
    case 'portalSession':
      return op.id === 'logout' ? { ...tenant.logoutSession.headers } : { ...tenant.portal.headers };
    case 'visitorToken':
      return { Authorization: `Bearer ${tenant.visitorToken}` };
    case 'scimToken':
      return { Authorization: `Bearer ${tenant.scimToken}` };
    default:
      return {};
  }
}

type Override = (b: Baseline, w: World, json: Record<string, unknown>) => void;

const minutesAgo = (w: World, m: number) => new Date(w.t.clock.now().getTime() - m * 60_000).toISOString();
const webhook = { url: 'https://hooks.example.com/support', events: ['contact.created'] };
const step = { type: 'click', text: 'Click save' };

/**
 * What the schema cannot say: values other fields or the seeded data decide (an email that names the
 * seeded contact, catalog event names, exclusive fields left out). Every other field is the schema's.
 */
const OVERRIDES: Record<string, Override> = {
  putSamlConnection: (_b, _w, body) => {
    body.sso_url = 'https://idp.example.com/sso';
    body.certificate_pem = EXAMPLE_IDP_CERTIFICATE;
    body.jit_role = 'member';
  },
  login: (_b, w, body) => {
    body.email = w.own.ownerEmail;
    body.password = w.own.ownerPassword;
  },
  createApiKey: (_b, w, body) => {
    body.abilities = ['contacts:read'];
    body.expires_at = new Date(w.t.clock.now().getTime() + 86_400_000).toISOString();
  },
  registerOAuthApp: (_b, _w, body) => {
    body.redirect_uris = ['https://app.example.com/callback', 'http://127.0.0.1:8080/callback'];
    body.scopes = ['contacts:read', 'webhooks:read'];
  },
  createWebhook: (_b, _w, body) => Object.assign(body, webhook),
  registerWebhookEndpoint: (_b, _w, body) => Object.assign(body, webhook),
  updateWebhookEndpoint: (_b, _w, body) => Object.assign(body, webhook),
  upsertContact: (_b, w, body) => {
    body.email = w.own.contactEmail;
    body.external_id = w.own.contactExternalId;
  },
  updateContact: (_b, w, body) => {
    body.external_id = w.own.contactExternalId;
  },
  ingestContactEvents: (_b, w, body) => {
    const event = (i: number) => ({
      name: `fuzz_event_${i}`,
      contact_id: w.own.params.contactId,
      external_id: w.own.contactExternalId,
      email: w.own.contactEmail,
      properties: { plan: 'pro', seats: i },
      occurred_at: minutesAgo(w, 1),
    });
    body.events = [event(0), event(1), event(2), event(3)];
  },
  createArticle: (_b, _w, body) => {
    delete body.slug; // derived from the title, so every accepted create is a 201
    delete body.collection_id; // exclusive with collection_slug
    body.collection_slug = 'fuzz-collection';
  },
  updateArticle: (_b, w, body) => {
    body.slug = w.own.params.slug!;
    delete body.collection_id;
    body.collection_slug = 'fuzz-collection';
  },
  createGuide: (_b, _w, body) => withFreshSteps(body),
  updateGuide: (_b, _w, body) => withFreshSteps(body),
  addPage: (_b, _w, body) => {
    body.url = 'https://docs.example.com/fuzz';
    body.html = '<h1>Fuzz page</h1><p>How to reset your password.</p>';
  },
  widgetIdentify: (_b, w, body) => {
    body.email = w.own.contactEmail;
    body.hmac = identityHmac(w.own.identitySecret, w.own.contactEmail);
    delete body.token; // either proof; the token's claims have cases of their own
  },
  widgetTrack: (_b, _w, body) => {
    body.name = 'fuzz_event';
  },
  widgetReportConditions: (_b, _w, body) => {
    body.facts = { [watchKey('#fuzz')]: true, [watchKey('.banner')]: false };
  },
  setHelpCenterSignInUrl: (_b, _w, body) => {
    body.sign_in_url = 'https://app.example.com/help-sign-in';
  },
  helpCenterSearch: (b, w) => {
    b.headers.Host = w.own.helpCenterHost;
    b.query = [['q', 'password']];
  },
  widgetSearchHelp: (b) => {
    b.query = [['q', 'password']];
  },
  widgetBoot: (b, w) => {
    b.query = [['website_id', w.own.websiteId]];
  },
  widgetInstall: (b, w) => {
    b.query = [['website_id', w.own.websiteId]];
  },
  listContacts: (b, w) => {
    setQuery(b, 'email', w.own.contactEmail);
    setQuery(b, 'updated_since', minutesAgo(w, 60 * 24));
  },
  listConversations: (b, w) => {
    setQuery(b, 'contact_id', w.own.params.contactId!);
    setQuery(b, 'channel', 'widget');
  },
  listExperienceProgress: (b, w) => {
    setQuery(b, 'contact_id', w.own.params.contactId!);
  },
  createExperience: (_b, _w, body) => {
    delete body.slug; // derived from the name, so every accepted create is a 201
    openWindow(body);
  },
  // The authoring writes work on a tour of their own, so the live tour the widget operations use stays live.
  updateExperience: (b, w, body) => {
    b.path.experienceId = w.own.fixtures.spareExperienceId;
    delete body.slug; // the example slug is what createExperience derives from the example name
    openWindow(body);
  },
  publishExperience: (b, w) => {
    b.path.experienceId = w.own.fixtures.spareExperienceId;
  },
  unpublishExperience: (b, w) => {
    b.path.experienceId = w.own.fixtures.spareExperienceId;
  },
  archiveExperience: (b, w) => {
    b.path.experienceId = w.own.fixtures.spareExperienceId;
  },
  // A page of the world's verified domain (the example's docs.example.com is the examples test's).
  createExperiencePreview: (_b, _w, body) => {
    body.url = 'https://app.example.com/settings?tab=billing';
  },
  widgetGetTour: (b, w) => {
    setQuery(b, 'version_id', w.own.params.versionId!);
  },
  widgetUpdateSession: (_b, w, body) => {
    body.step_id = w.own.fixtures.tourStepId;
  },
  widgetReportGuideLocation: (b, w, body) => {
    b.path.guideId = w.own.fixtures.walkthroughGuideId;
    body.step_id = w.own.fixtures.walkthroughStepId;
  },
  widgetMoveProgramItem: (b, w) => {
    b.path.versionId = w.own.fixtures.programVersionId;
    b.path.sessionId = w.own.fixtures.programSessionId;
  },
  widgetRecordSeen: (b, w, body) => {
    b.path.experienceId = w.own.fixtures.launcherId;
    body.version_id = w.own.fixtures.launcherVersionId;
    delete body.dismissed; // a banner's only
  },
  widgetBeacon: (_b, w, body) => {
    body.kind = 'launcher.shown';
    body.experience_id = w.own.fixtures.launcherId;
    body.version_id = w.own.fixtures.launcherVersionId;
  },
  // One question answered again and again (replaced): the session never completes.
  widgetAnswerSurvey: (b, w, body) => {
    b.path.versionId = w.own.fixtures.surveyVersionId;
    b.path.sessionId = w.own.fixtures.surveySessionId;
    body.question_id = 'recommend';
    body.value = 7;
  },
  listExperienceAnswers: (b, w) => {
    b.path.experienceId = w.own.fixtures.surveyId;
  },
  addVerifiedDomain: (_b, _w, body) => {
    body.domain = 'new.example.com';
  },
  // On app.example.com (verified in world.ts), a page with neither a password nor a card-number field.
  widgetOpenAutomationRun: (_b, w, body) => {
    body.guide_id = w.own.fixtures.automationGuideId;
    body.url = 'https://app.example.com/team';
    body.page = { password_field: false, card_number_field: false };
  },
  // A PNG by its content (the generated part is a Markdown file, which the sniffing refuses).
  widgetUploadAttachment: (b) => {
    b.body = {
      kind: 'form',
      parts: [{ name: 'file', value: PNG_1X1, filename: 'fuzz.png', contentType: 'image/png' }],
    };
  },
  // A link signed as the widget gets it (the generated expiry and signature are refused, rightly).
  widgetDownloadAttachment: (b, w) => {
    const link = signDownload(w.t.services.keys.attachmentDownload, b.path.attachmentId!, w.t.clock.now());
    b.query = [
      ['expires', String(link.expires)],
      ['signature', link.signature],
    ];
  },
  // A link signed as getDataExport gives it (the generated expiry and signature are refused, rightly).
  downloadDataExport: (b, w) => {
    const link = signExportLink(
      w.t.services.keys.dataExportDownload,
      b.path.workspaceId!,
      b.path.exportId!,
      w.t.clock.now(),
    );
    b.query = [
      ['expires', String(link.expires)],
      ['signature', link.signature],
    ];
  },
  eraseContact: (b, w) => {
    b.path.contactId = w.own.fixtures.erasableContactId;
  },
  // A trigger message takes rules, no audience (the world's message is a trigger).
  createProactiveMessage: (_b, _w, body) => {
    delete body.audience;
  },
  updateProactiveMessage: (_b, _w, body) => {
    delete body.audience;
  },
  createDataExport: (_b, _w, body) => {
    delete body.contact_id; // with scope contact only
  },
  widgetRecordAutomationStep: (_b, w, body) => {
    body.step_id = w.own.fixtures.guideStepId;
    body.url = 'https://app.example.com/team';
    body.page = { password_field: false, card_number_field: false };
  },
  // Conversations: a member to assign, a future snooze, the seeded contact, the conversation asked for a rating.
  assignConversation: (_b, w, body) => {
    body.assignee_id = w.own.fixtures.ownerUserId;
  },
  snoozeConversation: (_b, w, body) => {
    body.until = new Date(w.t.clock.now().getTime() + 86_400_000).toISOString();
  },
  openTicket: (_b, w, body) => {
    body.contact_id = w.own.params.contactId;
  },
  requestConversationRating: (b, w) => {
    b.path.conversationId = w.own.fixtures.ratedConversationId;
  },
  widgetRateConversation: (b, w) => {
    b.path.conversationId = w.own.fixtures.ratedConversationId;
  },
  listPortalConversations: (b) => {
    b.query = b.query.filter(([k]) => k === 'cursor' || k === 'limit');
  },
  // SCIM: a new person to create, the seeded SCIM user's own userName (a replace, not a rename), an
  // operation the service understands, a group of seeded members.
  scimCreateUser: (_b, _w, body) => scimPerson(body, 'fuzz-created@example.com'),
  scimReplaceUser: (_b, w, body) => scimPerson(body, w.own.scimUserName),
  scimPatchUser: (_b, _w, body) => {
    body.Operations = [{ op: 'Replace', path: 'displayName', value: 'Fuzz Person' }];
    delete body.operations;
  },
  scimCreateGroup: (_b, w, body) => {
    body.displayName = 'Fuzz group';
    body.members = [{ value: w.own.params.scimUserId }];
  },
  scimPatchGroup: (_b, w, body) => {
    body.Operations = [{ op: 'add', path: 'members', value: [{ value: w.own.params.scimUserId }] }];
    delete body.operations;
  },
  scimListUsers: (b, w) => {
    setQuery(b, 'filter', `userName eq "${w.own.scimUserName}"`);
    setQuery(b, 'startIndex', '1');
    setQuery(b, 'count', '10');
  },
  scimListGroups: (b) => {
    setQuery(b, 'filter', 'displayName eq "Fuzz group"');
    setQuery(b, 'startIndex', '1');
    setQuery(b, 'count', '10');
    setQuery(b, 'excludedAttributes', 'members');
  },
  scimGetGroup: (b) => {
    setQuery(b, 'excludedAttributes', 'members');
  },
  putScimGroupRoles: (_b, _w, body) => {
    body.display_name = 'Fuzz group';
    body.role = 'admin';
  },
  previewInvitation: (_b, w, body) => {
    body.token = w.own.fixtures.invitationToken;
  },
  acceptInvitation: (_b, w, body) => {
    body.token = w.own.fixtures.invitationToken;
    body.password = 'a-fuzz-password-long-enough';
  },
  completePasswordReset: (_b, w, body) => {
    body.token = w.own.fixtures.resetToken;
    body.password = 'a-fuzz-password-long-enough';
  },
  putSlaTargets: (_b, _w, body) => {
    body.targets = [{ priority: 'high', first_response_minutes: 60, resolution_minutes: 480 }];
  },
};

/** A SCIM user whose userName and e-mail are this address, active. */
function scimPerson(body: Record<string, unknown>, email: string) {
  body.userName = email;
  body.emails = [{ value: email, type: 'work', primary: true }];
  body.active = true;
}

/** A definition's window is open (the generated one starts and ends at the same moment). */
function openWindow(body: Record<string, unknown>) {
  const draft = body.draft as { targeting: { window: unknown } };
  draft.targeting.window = { starts_at: null, ends_at: null };
}

/** Steps without ids (an id must name an existing step of the guide). */
function withFreshSteps(body: Record<string, unknown>) {
  const steps = body.steps as Record<string, unknown>[];
  for (const s of steps) delete s.id;
  body.steps = [...steps, step];
}

function setQuery(b: Baseline, name: string, value: string) {
  const at = b.query.find(([k]) => k === name);
  if (at) at[1] = value;
  else b.query.push([name, value]);
}

const NEWEST_POSSIBLE_ID = '7zzzzzzzzzzzzzzzzzzzzzzzzz';

/** The valid request of an operation, for the own tenant of the world. */
export function baselineOf(doc: OpenApiDoc, op: Operation, w: World): Baseline {
  const hints = { now: minutesAgo(w, 1) };
  const path: Record<string, string> = {};
  for (const p of op.pathParams) {
    const value = w.own.params[p.name];
    if (!value) throw new Error(`Seed a resource for the path parameter {${p.name}} of ${op.id} (world.ts).`);
    path[p.name] = value;
  }
  const query: [string, string][] = op.queryParams.map((p) => [
    p.name,
    p.name === 'cursor' ? encodeCursor(NEWEST_POSSIBLE_ID) : String(validValue(doc, p.schema, hints).value),
  ]);
  let body: BaselineBody | null = null;
  if (op.body?.type === 'json') {
    const generated = validValue(doc, op.body.schema, hints);
    body = { kind: 'json', value: generated.value, freeForm: generated.freeForm };
  } else if (op.body?.type === 'form') {
    body = { kind: 'form', parts: formBaseline(doc, op.body.schema) };
  }
  const baseline: Baseline = { op, path, query, headers: credentialHeaders(op, w.own), body };
  const json = body?.kind === 'json' ? (body.value as Record<string, unknown>) : {};
  OVERRIDES[op.id]?.(baseline, w, json);
  return baseline;
}

/** A form from its schema: the binary field a small Markdown file, the others their generated value. */
function formBaseline(doc: OpenApiDoc, raw: Schema): FormPart[] {
  const schema = resolve(doc, raw);
  return Object.entries(schema.properties ?? {}).map(([name, p]) => {
    const prop = resolve(doc, p);
    if (prop.format === 'binary') {
      return {
        name,
        value: new TextEncoder().encode('# Fuzz upload\n\nHow to reset your password.\n'),
        filename: 'fuzz.md',
        contentType: 'text/markdown',
      };
    }
    return { name, value: String(validValue(doc, prop, { now: new Date().toISOString() }).value) };
  });
}
