import type { MediaType, OpenApiDoc, Operation, Parameter, Schema } from './openapi-doc';

/**
 * The example request of an operation, built from the examples its contract declares (path and query
 * parameters, body) and the credential it needs. /docs prints it as curl; the examples test
 * (bff/openapi/examples.test.ts) sends the same request to the app, so what a reader copies is what
 * the test ran.
 */

/** Shell variables the curl reads the caller's credentials from (the Authentication section says how to set them). */
export const CREDENTIAL = {
  apiKey: '$API_KEY',
  visitorToken: '$VISITOR_TOKEN',
  csrfToken: '$CSRF_TOKEN',
  scimToken: '$SCIM_TOKEN',
  inboundMailSecret: '$INBOUND_MAIL_SECRET',
} as const;

/** The raw request bodies (not JSON, not a form) an example may carry, e.g. a mail as message/rfc822. */
const RAW_MEDIA = ['message/rfc822'];

/** The cookie jar curl keeps the portal session in: written by the sign-in example, read by the portal ones. */
export const COOKIE_JAR = 'cookies.txt';

export interface FormField {
  name: string;
  value: string;
  /** A file part: `value` names the local file curl attaches. */
  file?: { contentType?: string };
}

export interface ExampleRequest {
  method: string;
  /** The operation's own server (the help-center host), or null for the service itself. */
  server: string | null;
  /** The path with its parameters filled, and the query string. */
  path: string;
  headers: [string, string][];
  /** `write`: the answer sets the session cookies (sign-in); `read`: the request sends them. */
  cookieJar: 'read' | 'write' | null;
  body:
    | { type: 'json'; value: unknown }
    | { type: 'form'; fields: FormField[] }
    | { type: 'urlencoded'; fields: { name: string; value: string }[] }
    | { type: 'raw'; contentType: string; value: string }
    | null;
  /** What the operation fails to declare an example for (empty when the example is complete). */
  missing: string[];
}

function parameterExample(p: Parameter): unknown {
  return p.example !== undefined ? p.example : p.schema?.example;
}

const credentialOf = (op: Operation): { required: boolean; schemes: string[] } => {
  const alternatives = op.security ?? [];
  return {
    required: alternatives.length > 0 && alternatives.every((a) => Object.keys(a).length > 0),
    schemes: alternatives.flatMap((a) => Object.keys(a)),
  };
};

/** The schema a `$ref` names in the document's components (or the schema itself). */
export function resolveRef(doc: Pick<OpenApiDoc, 'components'>, s: Schema | undefined): Schema | undefined {
  const name = s?.$ref?.match(/^#\/components\/schemas\/(.+)$/)?.[1];
  return name ? doc.components?.schemas?.[name] : s;
}

function formFields(doc: Pick<OpenApiDoc, 'components'>, media: MediaType, missing: string[]): FormField[] {
  const example = media.example as Record<string, unknown> | undefined;
  if (!example || typeof example !== 'object') {
    missing.push('multipart/form-data body');
    return [];
  }
  const properties = resolveRef(doc, media.schema)?.properties ?? {};
  return Object.entries(example).map(([name, value]) =>
    properties[name]?.format === 'binary'
      ? { name, value: String(value), file: { contentType: media.encoding?.[name]?.contentType } }
      : { name, value: String(value) },
  );
}

/** The documented example request of one operation. */
export function exampleRequest(
  doc: Pick<OpenApiDoc, 'components'>,
  method: string,
  path: string,
  op: Operation,
): ExampleRequest {
  const missing: string[] = [];
  let filled = path;
  const query: string[] = [];
  for (const p of op.parameters ?? []) {
    const example = parameterExample(p);
    if (p.in === 'path') {
      if (example === undefined) missing.push(`path parameter ${p.name}`);
      else filled = filled.replace(`{${p.name}}`, encodeURIComponent(String(example)));
    } else if (p.in === 'query') {
      // Required parameters always; optional ones when the parameter itself shows a value.
      if (p.required && example === undefined) missing.push(`query parameter ${p.name}`);
      else if (p.required || p.example !== undefined)
        query.push(`${encodeURIComponent(p.name)}=${encodeURIComponent(String(example))}`);
    } else if (p.in === 'header' && p.required && example === undefined) {
      missing.push(`header ${p.name}`);
    }
  }

  const headers: [string, string][] = [];
  let cookieJar: ExampleRequest['cookieJar'] = null;
  const credential = credentialOf(op);
  if (credential.required && credential.schemes.includes('apiKey'))
    headers.push(['Authorization', `Bearer ${CREDENTIAL.apiKey}`]);
  if (credential.required && credential.schemes.includes('visitorToken'))
    headers.push(['Authorization', `Bearer ${CREDENTIAL.visitorToken}`]);
  if (credential.required && credential.schemes.includes('scimToken'))
    headers.push(['Authorization', `Bearer ${CREDENTIAL.scimToken}`]);
  if (credential.required && credential.schemes.includes('inboundMailSecret'))
    headers.push(['Authorization', `Bearer ${CREDENTIAL.inboundMailSecret}`]);
  if (credential.schemes.includes('portalSession')) {
    cookieJar = 'read';
    if (method !== 'get') headers.push(['X-CSRF-Token', CREDENTIAL.csrfToken]);
  }
  const setsCookies = Object.entries(op.responses ?? {}).some(
    ([status, r]) => status.startsWith('2') && r.headers?.['Set-Cookie'],
  );
  if (setsCookies) cookieJar = 'write';

  let body: ExampleRequest['body'] = null;
  const content = op.requestBody?.content;
  // SCIM bodies are application/scim+json (RFC 7644), sent as such.
  const jsonType = ['application/json', 'application/scim+json'].find((t) => content?.[t]);
  if (content && jsonType) {
    const media = content[jsonType]!;
    if (media.example === undefined) missing.push('request body');
    headers.push(['Content-Type', jsonType]);
    body = { type: 'json', value: media.example };
  } else if (content?.['application/x-www-form-urlencoded']) {
    const example = content['application/x-www-form-urlencoded'].example as
      | Record<string, unknown>
      | undefined;
    if (!example || typeof example !== 'object') missing.push('application/x-www-form-urlencoded body');
    headers.push(['Content-Type', 'application/x-www-form-urlencoded']);
    body = {
      type: 'urlencoded',
      fields: Object.entries(example ?? {}).map(([name, value]) => ({ name, value: String(value) })),
    };
  } else if (content?.['multipart/form-data']) {
    body = { type: 'form', fields: formFields(doc, content['multipart/form-data'], missing) };
  } else if (content && RAW_MEDIA.some((m) => content[m])) {
    const type = RAW_MEDIA.find((m) => content[m])!;
    const example = content[type]!.example;
    if (typeof example !== 'string') missing.push(`${type} body`);
    headers.push(['Content-Type', type]);
    body = { type: 'raw', contentType: type, value: typeof example === 'string' ? example : '' };
  } else if (content) {
    missing.push(`request body of type ${Object.keys(content).join(', ')}`);
  }

  return {
    method: method.toUpperCase(),
    server: op.servers?.[0]?.url ?? null,
    path: query.length > 0 ? `${filled}?${query.join('&')}` : filled,
    headers,
    cookieJar,
    body,
    missing,
  };
}

/** The success answers an operation documents (2xx, and the 3xx of the redirecting SAML endpoints), each with its declared example (undefined when none). */
export function exampleResponses(
  op: Operation,
): { status: string; description?: string; example: unknown; hasBody: boolean; html: boolean }[] {
  return Object.entries(op.responses ?? {})
    .filter(([status]) => status.startsWith('2') || status.startsWith('3'))
    .map(([status, r]) => {
      const media = r.content ? Object.values(r.content)[0] : undefined;
      return {
        status,
        description: r.description,
        example: media?.example,
        hasBody: media !== undefined,
        html: r.content?.['text/html'] !== undefined,
      };
    });
}

/** Single-quoted for a POSIX shell. */
const shellQuote = (text: string) => `'${text.replaceAll("'", `'\\''`)}'`;

/** The request as a curl command a reader can paste (credentials come from shell variables). */
export function curlCommand(req: ExampleRequest, baseUrl: string): string {
  const url = `${(req.server ?? baseUrl).replace(/\/+$/, '')}${req.path}`;
  const lines = [`curl${req.method === 'GET' ? '' : ` -X ${req.method}`} "${url}"`];
  if (req.cookieJar === 'write') lines.push(`-c ${COOKIE_JAR}`);
  if (req.cookieJar === 'read') lines.push(`-b ${COOKIE_JAR}`);
  for (const [name, value] of req.headers) lines.push(`-H "${name}: ${value}"`);
  // A body without an example (the examples test fails on it) prints no -d rather than failing the page.
  if (req.body?.type === 'json' && req.body.value !== undefined)
    lines.push(`-d ${shellQuote(JSON.stringify(req.body.value, null, 2))}`);
  if (req.body?.type === 'urlencoded') {
    for (const f of req.body.fields) lines.push(`--data-urlencode ${shellQuote(`${f.name}=${f.value}`)}`);
  }
  if (req.body?.type === 'raw') lines.push(`--data-binary ${shellQuote(req.body.value)}`);
  if (req.body?.type === 'form') {
    for (const f of req.body.fields) {
      const value = f.file
        ? `@${f.value}${f.file.contentType ? `;type=${f.file.contentType}` : ''}`
        : f.value;
      lines.push(`-F ${shellQuote(`${f.name}=${value}`)}`);
    }
  }
  return lines.join(' \\\n  ');
}
