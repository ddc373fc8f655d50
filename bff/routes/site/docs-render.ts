import { escapeHtml as e } from '../../../server-core/lib/escape-html';
import { ULID_PATTERN } from '../../../server-core/lib/ulid';
import { curlCommand, exampleRequest, exampleResponses, resolveRef } from './docs-examples';
import type { GuideSection } from './docs-guide';
import { inlineMarkdown, markdownHtml, slug } from './docs-markdown';
import {
  documentOperations,
  type OpenApiDoc,
  type Operation,
  type Parameter,
  type Schema,
} from './openapi-doc';

/**
 * The API reference at /docs, rendered on the server from the OpenAPI document: the guide sections,
 * then every operation with its Markdown description, parameters, body and answers beside a curl and
 * the answer it gets (both from the examples the contract declares), then the schemas. The page has
 * no inline script or style: docs-assets.ts serves the stylesheet and the script (search, menu, copy).
 */

export interface Shell {
  title: string;
  nonce: string;
  assets: { css: string; js: string };
  /** The page's content: the header's search box is shown only where there is something to filter. */
  search: boolean;
  body: string;
}

/** The document around a page's content: header, stylesheet, script; no inline code of either kind. */
export function pageShell(s: Shell): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${e(s.title)}</title><link rel="icon" href="/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="${e(s.assets.css)}"><script defer nonce="${e(s.nonce)}" src="${e(s.assets.js)}"></script></head>
<body><header class="top${s.search ? '' : ' no-search'}"><button type="button" class="menu" id="menu" aria-expanded="false" aria-controls="nav">Menu</button>
<a class="brand" href="/docs">API reference</a>${
    s.search
      ? `<div class="search"><input type="search" id="q" placeholder="Search operations  /" aria-label="Search operations" autocomplete="off"><span id="match-count" class="muted" aria-live="polite"></span></div>`
      : ''
  }<a class="spec" href="/api/v1/openapi.json">openapi.json</a></header>
${s.body}</body></html>`;
}

const METHOD_LABEL = (m: string) => `<span class="m m-${e(m)}">${e(m.toUpperCase())}</span>`;

function refName(ref: string): string {
  return ref.split('/').pop() ?? ref;
}

function typeLabel(s: Schema): string {
  if (s.$ref) return `<a href="#schema-${e(refName(s.$ref))}">${e(refName(s.$ref))}</a>`;
  if (s.const !== undefined) return `<code>${e(JSON.stringify(s.const))}</code>`;
  if (s.enum) return s.enum.map((v) => `<code>${e(JSON.stringify(v))}</code>`).join(' | ');
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives) return alternatives.map(typeLabel).join(' or ');
  const t = Array.isArray(s.type) ? s.type.join(' or ') : (s.type ?? 'any');
  if (t === 'array' && s.items) return `array of ${typeLabel(s.items)}`;
  const format = isUlid(s) ? 'ULID' : s.format;
  return e(format ? `${t} (${format})` : t);
}

const isUlid = (s: Schema) => s.pattern === ULID_PATTERN.source;

function constraints(s: Schema): string {
  if (isUlid(s)) return '';
  const parts: string[] = [];
  if (s.minLength !== undefined || s.maxLength !== undefined)
    parts.push(`length ${s.minLength ?? 0}..${s.maxLength ?? '∞'}`);
  if (s.minimum !== undefined || s.maximum !== undefined)
    parts.push(`${s.minimum ?? '−∞'}..${s.maximum ?? '∞'}`);
  if (s.minItems !== undefined || s.maxItems !== undefined)
    parts.push(`${s.minItems ?? 0}..${s.maxItems ?? '∞'} items`);
  if (s.pattern) parts.push(`pattern <code>${e(s.pattern)}</code>`);
  if (s.default !== undefined) parts.push(`default <code>${e(JSON.stringify(s.default))}</code>`);
  return parts.join('; ');
}

/** The fields of an object schema, its `allOf` parts (named ones resolved) merged; null for anything else. */
function objectOf(doc: OpenApiDoc, s: Schema | undefined): Schema | null {
  if (!s) return null;
  if (s.properties) return s;
  if (!s.allOf) return null;
  const parts = s.allOf.map((part) => objectOf(doc, resolveRef(doc, part)));
  if (parts.some((p) => p === null)) return null;
  return {
    properties: Object.assign({}, ...parts.map((p) => p!.properties)),
    required: parts.flatMap((p) => p!.required ?? []),
  };
}

const describe = (text: string | undefined) => (text ? `<div class="md">${inlineMarkdown(text)}</div>` : '');

/** The fields of an object schema as a table; nested objects fold into a details element. */
function schemaTable(doc: OpenApiDoc, schema: Schema, depth = 0): string {
  const s = depth === 0 ? (resolveRef(doc, schema) ?? schema) : schema;
  const object = objectOf(doc, s);
  if (!object?.properties || depth > 5) {
    const c = constraints(s);
    return `<p class="type">${typeLabel(s)}${c ? ` <span class="muted">(${c})</span>` : ''}</p>`;
  }
  const required = new Set(object.required ?? []);
  const rows = Object.entries(object.properties)
    .map(([name, prop]) => {
      // Inline objects fold out, and so do named schemas of the top level; deeper names stay links.
      const named =
        depth < 1 ? resolveRef(doc, prop.items?.$ref ? prop.items : prop.$ref ? prop : undefined) : undefined;
      const inner = objectOf(doc, prop.items) ?? objectOf(doc, prop) ?? objectOf(doc, named);
      const nested = inner
        ? `<details><summary>${prop.items ? 'Item fields' : 'Fields'}</summary>${schemaTable(doc, inner, depth + 1)}</details>`
        : '';
      const shown = prop.items?.properties
        ? { ...prop, items: { type: 'object' } }
        : prop.properties
          ? { ...prop, type: prop.type ?? 'object' }
          : prop;
      const c = constraints(prop);
      return `<tr><td><code>${e(name)}</code>${required.has(name) ? ' <span class="req">required</span>' : ''}</td>
<td><span class="type">${typeLabel(shown)}</span>${c ? ` <span class="muted">${c}</span>` : ''}${describe(prop.description)}${nested}</td></tr>`;
    })
    .join('');
  return `<table class="fields"><tbody>${rows}</tbody></table>`;
}

function parameterRows(params: Parameter[]): string {
  return params
    .map((p) => {
      const c = p.schema ? constraints(p.schema) : '';
      return `<tr><td><code>${e(p.name)}</code> <span class="muted">${e(p.in)}</span>${p.required ? ' <span class="req">required</span>' : ''}</td><td><span class="type">${p.schema ? typeLabel(p.schema) : ''}</span>${c ? ` <span class="muted">${c}</span>` : ''}${describe(p.description ?? p.schema?.description)}</td></tr>`;
    })
    .join('');
}

const AUTH: Record<string, string> = {
  apiKey: '<a href="#auth-api-key">API key</a>',
  portalSession: '<a href="#auth-portal-session">session cookie</a>, <code>X-CSRF-Token</code> on writes',
  visitorToken: '<a href="#auth-visitor-token">visitor token</a>',
  scimToken: '<a href="#auth-scim-token">SCIM token</a>',
  inboundMailSecret: 'the inbound mail secret (<code>INBOUND_MAIL_SECRET</code>)',
};

function authLabel(op: Operation): string {
  const alternatives = op.security ?? [];
  if (alternatives.length === 0) return 'none';
  const optional = alternatives.some((a) => Object.keys(a).length === 0);
  const names = alternatives.flatMap((a) => Object.keys(a)).map((n) => AUTH[n] ?? e(n));
  return `${names.join(' or ')}${optional ? ' (optional)' : ''}`;
}

/** JSON as HTML with classes for keys, strings, numbers and literals (escaped, no inline style). */
export function highlightJson(value: unknown): string {
  const text = JSON.stringify(value, null, 2) ?? 'null';
  const token = /("(?:\\.|[^"\\])*")(\s*:)?|\b(?:true|false|null)\b|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/g;
  let out = '';
  let last = 0;
  for (const m of text.matchAll(token)) {
    out += e(text.slice(last, m.index));
    const kind = m[1] ? (m[2] ? 'k' : 's') : /^[tfn]/.test(m[0]) ? 'l' : 'n';
    out += m[2]
      ? `<span class="${kind}">${e(m[1])}</span>${e(m[2])}`
      : `<span class="${kind}">${e(m[0])}</span>`;
    last = m.index + m[0].length;
  }
  return out + e(text.slice(last));
}

function codeBlock(label: string, code: string, opts: { copy?: boolean; json?: boolean } = {}): string {
  return `<div class="code${opts.copy ? ' req' : ''}"><div class="code-h"><span>${label}</span>${opts.copy ? '<button type="button" class="copy">Copy</button>' : ''}</div><pre><code${opts.json ? ' class="json"' : ''}>${code}</code></pre></div>`;
}

function operationHtml(
  doc: OpenApiDoc,
  method: string,
  path: string,
  op: Operation,
  baseUrl: string,
): string {
  const id = op.operationId ?? `${method}-${path}`;
  const params = op.parameters ?? [];
  const body = Object.entries(op.requestBody?.content ?? {})
    .map(
      ([type, media]) =>
        `<h4>Request body <span class="muted">${e(type)}</span></h4>${media.schema ? schemaTable(doc, media.schema) : ''}`,
    )
    .join('');
  const responses = Object.entries(op.responses ?? {})
    .map(([status, r]) => {
      const media = r.content ? Object.values(r.content)[0] : undefined;
      const success = status.startsWith('2');
      const headers = Object.entries(r.headers ?? {})
        .map(
          ([name, h]) =>
            `<li><code>${e(name)}</code>${h.description ? `: ${inlineMarkdown(h.description)}` : ''}</li>`,
        )
        .join('');
      const fields = success && media?.schema ? schemaTable(doc, media.schema) : '';
      const detail = success
        ? `${headers ? `<ul class="headers">${headers}</ul>` : ''}${fields}`
        : '<p class="muted">The <a href="#errors">error envelope</a>.</p>';
      return `<details class="response"${success ? ' open' : ''}><summary><b class="status s${e(status[0])}">${e(status)}</b> ${inlineMarkdown(r.description ?? '')}</summary>${detail}</details>`;
    })
    .join('');

  const req = exampleRequest(doc, method, path, op);
  const examples = [
    codeBlock('Request', e(curlCommand(req, baseUrl)), { copy: true }),
    ...exampleResponses(op).map((r) => {
      const label = `Response <b>${e(r.status)}</b>${r.description ? ` · ${e(r.description)}` : ''}`;
      return r.hasBody && r.example !== undefined
        ? codeBlock(label, highlightJson(r.example), { json: true })
        : codeBlock(label, '<span class="muted">(no body)</span>');
    }),
  ].join('');
  const search = [id, method, path, op.summary ?? '', ...(op.tags ?? [])].join(' ').toLowerCase();
  const server = op.servers?.[0];
  return `<section class="op" id="${e(id)}" data-search="${e(search)}">
<div class="op-doc"><h3><a href="#${e(id)}">${e(op.summary ?? id)}</a>${op.deprecated ? ' <span class="dep">deprecated</span>' : ''}</h3>
<p class="endpoint">${METHOD_LABEL(method)} <code>${e(path)}</code></p>
${op.description ? `<div class="md">${markdownHtml(op.description).html}</div>` : ''}
<p class="meta">Authentication: ${authLabel(op)}${server ? ` · served on ${e(server.description ?? server.url)}` : ''} · operationId <code>${e(id)}</code></p>
${params.length ? `<h4>Parameters</h4><table class="fields"><tbody>${parameterRows(params)}</tbody></table>` : ''}${body}<h4>Responses</h4>${responses}</div>
<div class="op-ex">${examples}</div></section>`;
}

export interface ReferenceOptions {
  specPath: string;
  /** Where the curl examples send their requests (PUBLIC_URL). */
  baseUrl: string;
  guide: GuideSection[];
}

/** The reference's content (header and assets come from pageShell). */
export function renderReference(doc: OpenApiDoc, opts: ReferenceOptions): string {
  const byTag = new Map<string, { method: string; path: string; op: Operation }[]>();
  for (const entry of documentOperations(doc)) {
    const tag = entry.op.tags?.[0] ?? 'Other';
    if (!byTag.has(tag)) byTag.set(tag, []);
    byTag.get(tag)!.push(entry);
  }
  const tagOrder = [...(doc.tags ?? []).map((t) => t.name), ...byTag.keys()].filter(
    (t, i, a) => a.indexOf(t) === i && byTag.has(t),
  );
  const tagId = (tag: string) => `tag-${slug(tag)}`;

  const guideNav = opts.guide.map((g) => `<li><a href="#${e(g.id)}">${e(g.title)}</a></li>`).join('');
  const opsNav = tagOrder
    .map(
      (tag) =>
        `<li class="group"><a class="group-h" href="#${e(tagId(tag))}">${e(tag)}</a><ul>${byTag
          .get(tag)!
          .map(
            ({ method, path, op }) =>
              `<li data-op data-search="${e([op.operationId, method, path, op.summary ?? '', tag].join(' ').toLowerCase())}"><a href="#${e(op.operationId ?? '')}" title="${e(op.summary ?? '')}">${METHOD_LABEL(method)}<span>${e(op.operationId ?? path)}</span></a></li>`,
          )
          .join('')}</ul></li>`,
    )
    .join('');

  const guide = opts.guide
    .map(
      (g) =>
        `<section class="guide md" id="${e(g.id)}"><h2><a href="#${e(g.id)}">${e(g.title)}</a></h2>${markdownHtml(g.markdown, { shift: 0, idPrefix: `${g.id}-` }).html}</section>`,
    )
    .join('');
  const sections = tagOrder
    .map((tag) => {
      const description = doc.tags?.find((t) => t.name === tag)?.description;
      return `<section class="tag" id="${e(tagId(tag))}"><h2><a href="#${e(tagId(tag))}">${e(tag)}</a></h2>${description ? `<div class="md">${markdownHtml(description).html}</div>` : ''}${byTag
        .get(tag)!
        .map(({ method, path, op }) => operationHtml(doc, method, path, op, opts.baseUrl))
        .join('')}</section>`;
    })
    .join('');
  const schemas = Object.entries(doc.components?.schemas ?? {})
    .map(
      ([name, s]) =>
        `<section class="schema" id="schema-${e(name)}"><h3>${e(name)}</h3>${describe(s.description)}${schemaTable(doc, s)}</section>`,
    )
    .join('');

  return `<div class="layout"><nav id="nav" aria-label="Reference"><ul>
<li class="group guide-nav"><span class="group-h">Getting started</span><ul>${guideNav}</ul></li>${opsNav}
<li class="group guide-nav"><a class="group-h" href="#schemas">Schemas</a></li></ul></nav>
<main><section class="guide hero"><h1>${e(doc.info.title)}</h1><p class="muted">Version ${e(doc.info.version)} · <a href="${e(opts.specPath)}">OpenAPI 3.1 document</a> · <a href="/docs/webhooks">Webhook guide</a></p>${doc.info.description ? `<div class="md">${markdownHtml(doc.info.description).html}</div>` : ''}</section>
${guide}${sections}<p id="no-match" class="no-match" hidden>No operation matches. Try a path (<code>/contacts</code>), a method (<code>post</code>) or an operationId.</p>
<section class="guide schemas" id="schemas"><h2><a href="#schemas">Schemas</a></h2>${schemas}</section></main></div>`;
}

/** A Markdown guide (docs/webhooks.md) as a page of its own, with its headings as the menu. */
export function renderGuidePage(markdown: string): string {
  const { html, headings } = markdownHtml(markdown);
  const nav = headings
    .filter((h) => h.level === 2 || h.level === 3)
    .map((h) => `<li class="l${h.level}"><a href="#${e(h.id)}">${e(h.text)}</a></li>`)
    .join('');
  return `<div class="layout"><nav id="nav" aria-label="Guide"><ul><li class="group"><a class="group-h" href="/docs">← API reference</a></li>
<li class="group"><span class="group-h">On this page</span><ul>${nav}</ul></li></ul></nav>
<main><article class="guide md page">${html}</article></main></div>`;
}
