import { escapeHtml as e } from '../../../server-core/lib/escape-html';
import type { OpenApiDoc, Operation, Schema } from './openapi-doc';

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

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
  return e(s.format ? `${t} (${s.format})` : t);
}

function constraints(s: Schema): string {
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

function schemaTable(s: Schema, depth = 0): string {
  const object = s.properties ? s : s.allOf?.find((x) => x.properties);
  if (!object?.properties || depth > 4) {
    const c = constraints(s);
    return `<p class="type">${typeLabel(s)}${c ? ` <span class="muted">(${c})</span>` : ''}</p>`;
  }
  const required = new Set(object.required ?? []);
  const rows = Object.entries(object.properties)
    .map(([name, prop]) => {
      const nested =
        prop.properties || prop.items?.properties
          ? schemaTable(prop.items?.properties ? prop.items : prop, depth + 1)
          : '';
      const c = constraints(prop);
      return `<tr><td><code>${e(name)}</code>${required.has(name) ? ' <span class="req">required</span>' : ''}</td>
<td>${typeLabel(prop.items?.properties ? { ...prop, items: { type: 'object' } } : prop.properties ? { type: 'object' } : prop)}${c ? `<div class="muted">${c}</div>` : ''}${prop.description ? `<div>${e(prop.description)}</div>` : ''}${nested}</td></tr>`;
    })
    .join('');
  return `<table class="schema"><tbody>${rows}</tbody></table>`;
}

function operationHtml(method: string, path: string, op: Operation): string {
  const id = op.operationId ?? `${method}-${path}`;
  const params = (op.parameters ?? [])
    .map(
      (p) =>
        `<tr><td><code>${e(p.name)}</code> <span class="muted">${e(p.in)}</span>${p.required ? ' <span class="req">required</span>' : ''}</td><td>${p.schema ? typeLabel(p.schema) : ''}${p.schema && constraints(p.schema) ? `<div class="muted">${constraints(p.schema)}</div>` : ''}${p.description ? `<div>${e(p.description)}</div>` : ''}</td></tr>`,
    )
    .join('');
  const body = op.requestBody?.content
    ? Object.entries(op.requestBody.content)
        .map(
          ([type, media]) =>
            `<h4>Request body <span class="muted">${e(type)}</span></h4>${media.schema ? schemaTable(media.schema) : ''}`,
        )
        .join('')
    : '';
  const responses = Object.entries(op.responses ?? {})
    .map(([status, r]) => {
      const media = r.content ? Object.values(r.content)[0] : undefined;
      return `<details${status.startsWith('2') ? ' open' : ''}><summary><b>${e(status)}</b> ${e(r.description ?? '')}</summary>${media?.schema ? schemaTable(media.schema) : ''}</details>`;
    })
    .join('');
  const security = (op.security ?? []).flatMap((s) => Object.keys(s));
  return `<section class="op" id="${e(id)}">
<h3><span class="m m-${method}">${method.toUpperCase()}</span> <code>${e(path)}</code>${op.deprecated ? ' <span class="dep">deprecated</span>' : ''}</h3>
<p class="muted">operationId <code>${e(id)}</code>${security.length ? ` · auth ${security.map((s) => `<code>${e(s)}</code>`).join(', ')}` : ''}</p>
${op.summary ? `<p><b>${e(op.summary)}</b></p>` : ''}${op.description ? `<p>${e(op.description)}</p>` : ''}
${params ? `<h4>Parameters</h4><table class="schema"><tbody>${params}</tbody></table>` : ''}${body}<h4>Responses</h4>${responses}</section>`;
}

/** The OpenAPI document as one self-contained HTML page: no script, no external asset. */
export function renderReference(doc: OpenApiDoc, specPath: string): string {
  const byTag = new Map<string, { method: string; path: string; op: Operation }[]>();
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const tag = op.tags?.[0] ?? 'Other';
      if (!byTag.has(tag)) byTag.set(tag, []);
      byTag.get(tag)!.push({ method, path, op });
    }
  }
  const tagOrder = [...(doc.tags ?? []).map((t) => t.name), ...byTag.keys()].filter(
    (t, i, a) => a.indexOf(t) === i && byTag.has(t),
  );
  const nav = tagOrder
    .map(
      (tag) =>
        `<li><b>${e(tag)}</b><ul>${byTag
          .get(tag)!
          .map(
            ({ method, path, op }) =>
              `<li><a href="#${e(op.operationId ?? '')}"><span class="m m-${method}">${method.toUpperCase()}</span> ${e(op.operationId ?? path)}</a></li>`,
          )
          .join('')}</ul></li>`,
    )
    .join('');
  const sections = tagOrder
    .map((tag) => {
      const description = doc.tags?.find((t) => t.name === tag)?.description;
      return `<h2 id="tag-${e(tag)}">${e(tag)}</h2>${description ? `<p>${e(description)}</p>` : ''}${byTag
        .get(tag)!
        .map(({ method, path, op }) => operationHtml(method, path, op))
        .join('')}`;
    })
    .join('');
  const schemas = Object.entries(doc.components?.schemas ?? {})
    .map(
      ([name, s]) =>
        `<section class="op" id="schema-${e(name)}"><h3>${e(name)}</h3>${s.description ? `<p>${e(s.description)}</p>` : ''}${schemaTable(s)}</section>`,
    )
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${e(doc.info.title)} reference</title><style>
body{margin:0;font:15px/1.5 system-ui,sans-serif;color:#1f2430;display:grid;grid-template-columns:18rem 1fr}
nav{position:sticky;top:0;height:100vh;overflow:auto;background:#f6f7f9;padding:1rem;font-size:13px;box-sizing:border-box}
nav ul{list-style:none;padding-left:.5rem;margin:.25rem 0 .75rem}nav a{color:inherit;text-decoration:none}
main{padding:1.5rem 2.5rem;max-width:60rem}code{font-size:.92em;background:#f1f2f4;padding:0 .2em;border-radius:3px}
.op{border-top:1px solid #e3e5e8;padding:.75rem 0}.m{display:inline-block;min-width:3.2em;font:600 11px/1.6 monospace;text-align:center;border-radius:3px;color:#fff;background:#666}
.m-get{background:#2f6f3e}.m-post{background:#1f5fa8}.m-patch,.m-put{background:#8a5a00}.m-delete{background:#a3262a}
.muted{color:#5b6270;font-size:13px}.req{color:#a3262a;font-size:12px}.dep{background:#ffe5b4;padding:0 .3em;font-size:12px}
table.schema{border-collapse:collapse;width:100%;margin:.25rem 0}table.schema td{border-top:1px solid #eceef1;padding:.3rem .5rem;vertical-align:top}
table.schema td:first-child{white-space:nowrap;width:14rem}details{margin:.2rem 0}summary{cursor:pointer}
</style></head><body><nav><p><b>${e(doc.info.title)}</b> v${e(doc.info.version)}</p><p><a href="${e(specPath)}">openapi.json</a></p><ul>${nav}<li><a href="#schemas"><b>Schemas</b></a></li></ul></nav>
<main><h1>${e(doc.info.title)}</h1>${doc.info.description ? `<p>${e(doc.info.description)}</p>` : ''}${sections}<h2 id="schemas">Schemas</h2>${schemas}</main></body></html>`;
}
