import { MAX_IDEMPOTENCY_KEY_LENGTH } from '../../../server-core/idempotency/idempotency-store';
import { encodeCursor } from '../../../server-core/lib/cursor';
import type { ErrorCode } from '../../../server-core/lib/errors';
import { FEEDBACK_PER_MINUTE } from '../../../server-core/widget/article-feedback';
import { VISITOR_EVENTS_PER_MINUTE } from '../../../server-core/widget/track-visitor-event';
import { EXAMPLE_ID } from '../../contract/examples';
import { HELP_CENTER_RATE_PER_MINUTE } from '../../contract/help-center';
import { statusOf } from '../../middleware/errors/status';
import { errorCodeTable } from '../../openapi/error-table';
import { COOKIE_JAR, CREDENTIAL } from './docs-examples';

/**
 * The sections the reference opens with, before the operations: what a caller needs once (how to
 * authenticate, what errors look like, the limits, idempotency, pagination). Markdown, with the
 * figures read from the configuration and the code that enforces them.
 */

export interface GuideSection {
  id: string;
  title: string;
  markdown: string;
}

export interface GuideSettings {
  baseUrl: string;
  rateLimitPerKey: number;
  rateLimitPerWorkspace: number;
  widgetBootsPerMinute: number;
  widgetSearchesPerMinute: number;
}

/** A code of the catalog with its status, e.g. `invalid_api_key` (401). */
const code = (c: ErrorCode) => `\`${c}\` (${statusOf(c)})`;
const n = (value: number) => value.toLocaleString('en-US');

export function guideSections(s: GuideSettings): GuideSection[] {
  const base = s.baseUrl.replace(/\/+$/, '');
  return [
    {
      id: 'introduction',
      title: 'Introduction',
      markdown: `This service answers on \`${base}\`. Every request and answer body is JSON (\`Content-Type: application/json\`;
uploads are \`multipart/form-data\`), ids are [ULIDs](#identifiers) and times are ISO 8601 in UTC.
The machine-readable contract is the OpenAPI 3.1 document at [\`/api/v1/openapi.json\`](/api/v1/openapi.json); this page is rendered from it.

Four kinds of callers use it, each with its own credential:

| surface | paths | credential |
| --- | --- | --- |
| Public REST API, from your backend | \`/api/v1/...\` | [API key](#auth-api-key) |
| Portal operations (the staff console) | \`/api/v1/auth/...\`, \`/api/v1/workspaces/{workspaceId}/...\` | [session cookie and CSRF header](#auth-portal-session) |
| Widget, from your customers' browsers | \`/widget/...\` | [website id, then visitor token](#auth-visitor-token) |
| Public help center | \`/api/v1/help-center/search\` on a help-center host | none: the host names the workspace |

Every operation below shows a \`curl\` you can paste and the answer it gets. Ids in the examples (such as \`01m6bj43y0s8156vv67bd8bxme\`)
are placeholders: use ids from your own workspace. Names, emails and slugs are those of the demo workspace (\`DEMO=on\`),
so with a demo install only the ids change.`,
    },
    {
      id: 'authentication',
      title: 'Authentication',
      markdown: `### API key {#auth-api-key}

The public REST API takes a workspace API key as a bearer token. An owner or admin creates keys in the portal
([createApiKey](#createApiKey)); \`npm run seed\` and the demo workspace print one. A key looks like
\`spk_<workspace id><40 characters>\`, is shown once, and holds *abilities* (each operation names the one it needs).

\`\`\`sh
export API_KEY=spk_...
curl "${base}/api/v1/contacts?limit=1" -H "Authorization: Bearer ${CREDENTIAL.apiKey}"
\`\`\`

A missing, unknown, revoked or expired key answers ${code('invalid_api_key')} with \`WWW-Authenticate: Bearer\`;
a key without the ability answers ${code('missing_ability')}, whose \`details.missing\` names what to add.

### Session cookie and CSRF header {#auth-portal-session}

Portal operations run as a signed-in member. [login](#login) checks the email and password and sets two
cookies (\`session\`, httpOnly, and \`csrf\`; named \`__Host-session\` and \`__Host-csrf\` when the service is
not on a loopback address) for 12 hours, and returns \`csrf_token\`. Send the cookies back on every portal
operation and the token as \`X-CSRF-Token\` on every write (POST, PATCH, DELETE). With curl, keep the cookies
in a jar:

\`\`\`sh
curl -X POST "${base}/api/v1/auth/login" -c ${COOKIE_JAR} \\
  -H "Content-Type: application/json" -d '{"email": "owner@demo.test", "password": "..."}'
export CSRF_TOKEN=...   # data.csrf_token of the answer
curl -X POST "${base}/api/v1/workspaces/<workspace id>/api-keys" -b ${COOKIE_JAR} \\
  -H "X-CSRF-Token: ${CREDENTIAL.csrfToken}" -H "Content-Type: application/json" \\
  -d '{"name": "CRM sync", "abilities": ["contacts:read"]}'
\`\`\`

No live session answers ${code('unauthenticated')}; a write without the right token ${code('csrf_token_invalid')};
a workspace you are not a member of ${code('not_a_member')}; a role without the permission
${code('permission_denied')}. Each portal operation names the permission it needs.

### Website id and visitor token {#auth-visitor-token}

The widget's endpoints are called from your customers' pages: CORS is open and no cookie is read.
[widgetBoot](#widgetBoot) takes the public website id of the snippet (\`?website_id=\`) and returns a visitor
token (\`wvt_...\`, valid 180 days from the last boot). Every other \`/widget\` call sends it as a bearer token:

\`\`\`sh
export VISITOR_TOKEN=wvt_...   # data.visitor.token of the boot answer
curl "${base}/widget/help/search?q=password" -H "Authorization: Bearer ${CREDENTIAL.visitorToken}"
\`\`\`

An unknown, forged or expired token answers ${code('invalid_visitor_token')}; boot again to get a new one.
[widgetIdentify](#widgetIdentify) binds the visitor to a contact with an HMAC or a token signed by your
backend with the widget identity secret.

### SCIM token {#auth-scim-token}

Identity providers (Okta, Microsoft Entra) provision members under \`/scim/v2/<workspace id>\` with a SCIM
token an owner or admin creates ([createScimToken](#createScimToken)); it looks like
\`sst_<workspace id><43 characters>\`, is shown once, and works only on its own workspace's paths. SCIM speaks
RFC 7643/7644: \`application/scim+json\` in and out, errors as \`{ schemas, status, scimType, detail }\`, and
attributes the service does not keep are ignored.

\`\`\`sh
export SCIM_TOKEN=sst_...   # token of the createScimToken answer
curl "${base}/scim/v2/<workspace id>/Users?count=10" -H "Authorization: Bearer ${CREDENTIAL.scimToken}"
\`\`\`

A missing, unknown or revoked token (or another workspace's) answers 401 in the SCIM error shape;
[revokeScimToken](#revokeScimToken) ends a token at once.`,
    },
    {
      id: 'errors',
      title: 'Errors',
      markdown: `Every error has the same body, whatever the operation:

\`\`\`json
{
  "error": {
    "code": "validation_failed",
    "message": "The request body is invalid.",
    "details": {
      "location": "body",
      "issues": [{ "path": "email", "code": "invalid_format", "message": "Invalid email address" }]
    }
  }
}
\`\`\`

Branch on \`code\`: it is stable. \`message\` is for humans and may change; \`details\` carries the facts listed
for the code below. \`Retry-After\` comes with \`details.retry_after_seconds\`, \`Allow\` with
\`details.allowed\`, and a rejected bearer credential with \`WWW-Authenticate\`. Every answer carries
\`X-Request-Id\` (yours, when you send one of 1 to 128 \`[A-Za-z0-9._:-]\`): quote it to the operator.
A resource of another workspace answers 404, exactly like one that does not exist.

${errorCodeTable()}`,
    },
    {
      id: 'rate-limits',
      title: 'Rate limits',
      markdown: `The public API allows **${n(s.rateLimitPerKey)} requests a minute per API key** and
**${n(s.rateLimitPerWorkspace)} a minute per workspace** (all its keys together), in fixed one-minute windows
aligned to the minute and shared by every node. Every answer says where you stand:

\`\`\`http
RateLimit-Limit: ${s.rateLimitPerKey}
RateLimit-Remaining: ${s.rateLimitPerKey - 1}
RateLimit-Reset: 42
RateLimit-Policy: ${s.rateLimitPerKey};w=60;scope=credential, ${s.rateLimitPerWorkspace};w=60;scope=workspace
\`\`\`

\`RateLimit-Remaining\` is the tighter of the two buckets and \`RateLimit-Reset\` the seconds until its window
ends. Past the limit the answer is ${code('rate_limited')} with \`Retry-After\` (seconds) and
\`details.limit\` and \`details.retry_after_seconds\`: wait that long, then retry.

Other callers have limits of their own, per operation (each operation below states its own):

| who | limit |
| --- | --- |
| widget boots | ${n(s.widgetBootsPerMinute)} a minute per client address and website |
| widget Help searches | ${n(s.widgetSearchesPerMinute)} a minute per client address and website |
| widget events (Widget.track) | ${VISITOR_EVENTS_PER_MINUTE} a minute per visitor |
| article feedback | ${FEEDBACK_PER_MINUTE} votes a minute per visitor |
| help-center search | ${HELP_CENTER_RATE_PER_MINUTE} a minute per client address and host |
| portal sign-in | failed attempts back off per account and address (see [login](#login)); ${code('too_many_login_attempts')} |

The operator sets the API and widget figures (\`RATE_LIMIT_PER_KEY\`, \`RATE_LIMIT_PER_WORKSPACE\`,
\`WIDGET_BOOTS_PER_MINUTE\`, \`WIDGET_SEARCHES_PER_MINUTE\`); this page shows this server's values.`,
    },
    {
      id: 'idempotency',
      title: 'Idempotency',
      markdown: `A POST that creates or changes something can be retried safely with an \`Idempotency-Key\` header
(1 to ${MAX_IDEMPOTENCY_KEY_LENGTH} visible ASCII characters; a UUID is a good choice). The first answer is
stored for 24 hours, for your credential in your workspace, and a retry with the same key gets it again,
with \`Idempotent-Replayed: true\`, without writing twice:

\`\`\`sh
curl -X POST "${base}/api/v1/contacts" -H "Authorization: Bearer ${CREDENTIAL.apiKey}" \\
  -H "Idempotency-Key: 8e0c3b7a-4f1d-4c2e-9a6b-2d5f7e1c9b30" \\
  -H "Content-Type: application/json" -d '{"email": "mary@acme-customer.test"}'
\`\`\`

The same key with another request (method, path, query or body) answers ${code('idempotency_key_reused')}.
While the first request still runs, a duplicate waits up to 10 seconds and then replays its answer, or
answers ${code('idempotency_key_in_progress')}. Answers 401, 403, 409, 429 and 5xx are not stored: a retry
runs again. Sign-in never replays.`,
    },
    {
      id: 'pagination',
      title: 'Pagination',
      markdown: `Lists return a page, newest first, and \`meta.next_cursor\`:

\`\`\`json
{ "meta": { "next_cursor": "${encodeCursor(EXAMPLE_ID.contactId)}" }, "data": [ ... ] }
\`\`\`

Pass it back as \`cursor\` for the next page; it is \`null\` on the last one. \`limit\` sets the page size
(1 to 100, 25 by default, unless the operation says otherwise). A \`limit\` out of range answers
${code('invalid_limit')}, a cursor this API did not issue ${code('invalid_cursor')}. Cursors are opaque:
do not build or edit them.

\`\`\`sh
curl "${base}/api/v1/contacts?limit=100&cursor=$NEXT_CURSOR" -H "Authorization: Bearer ${CREDENTIAL.apiKey}"
\`\`\`

### Identifiers

Ids are ULIDs: 26 Crockford base32 characters, sent lower-case and accepted in either case. They sort by
creation time. A malformed id in a path answers 404.`,
    },
    {
      id: 'webhooks',
      title: 'Webhooks',
      markdown: `The service pushes events (a contact created, a conversation resolved, an article published, ...) to your
HTTPS endpoints as signed JSON POSTs, at least once, with retries. Create an endpoint with
[createWebhook](#createWebhook) (or [registerWebhookEndpoint](#registerWebhookEndpoint) in the portal) and
list the event types with [listWebhookEventTypes](#listWebhookEventTypes).

**[Read the webhook guide](/docs/webhooks)**: the signing secret, the request and its headers, how to
answer, retries and redelivery, and how to verify a signature in Node.js.`,
    },
    {
      id: 'versioning',
      title: 'Versions and deprecation',
      markdown: `The version is in the path (\`/api/v1\`); fields and operations are only added within it. An operation
that will go away is marked *deprecated* here and every answer it sends carries \`Deprecation\` and
\`Sunset\` HTTP dates and a \`Link: <...>; rel="deprecation"\` header, months before it is removed.`,
    },
  ];
}
