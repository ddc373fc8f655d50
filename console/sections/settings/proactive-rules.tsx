import type { components } from '../../../bff/openapi/schema';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { optionalNumber } from '../../ui/optional-number';

export type Rules = components['schemas']['TriggerRules'];
export type Audience = components['schemas']['CampaignAudience'];
type Match = NonNullable<Rules['url']>['match'];
type Value = string | number | boolean;
/** An audience attribute as the form holds it: a list, so a key can be typed (or repeated) while editing. */
export interface AttributeRow {
  key: string;
  value: Value;
}

/** `rules` with `k` set, or left out when `v` is undefined (the API's rules hold only the ones given). */
function put<K extends keyof Rules>(rules: Rules, k: K, v: Rules[K] | undefined): Rules {
  const next = { ...rules };
  if (v === undefined) delete next[k];
  else next[k] = v;
  return next;
}

/** The rules to send: a URL rule only when it has a value (the form keeps the match chosen meanwhile). */
export function rulesToSend(rules: Rules): Rules {
  const value = rules.url?.value.trim();
  return put(rules, 'url', rules.url && value ? { ...rules.url, value } : undefined);
}

/** A trigger message's page rules (URL, time on page, scroll, custom event), edited in the API's shape. */
export function TriggerRulesEditor({ rules, onChange }: { rules: Rules; onChange(r: Rules): void }) {
  const url = rules.url ?? { match: 'prefix' as Match, value: '' };
  return (
    <fieldset>
      <legend>Show when every rule given holds (at least one)</legend>
      <Field id="pm-match" label="URL match">
        <select
          id="pm-match"
          value={url.match}
          onChange={(e) => onChange(put(rules, 'url', { ...url, match: e.currentTarget.value as Match }))}
        >
          <option value="prefix">starts with</option>
          <option value="exact">is exactly</option>
          <option value="wildcard">matches (* wildcard)</option>
        </select>
      </Field>
      <Field id="pm-url" label="URL or path" hint="A value starting with / looks at the path.">
        <input
          id="pm-url"
          maxLength={2048}
          value={url.value}
          onInput={(e) => onChange(put(rules, 'url', { ...url, value: e.currentTarget.value }))}
        />
      </Field>
      <Field id="pm-seconds" label="Seconds on page">
        <input
          id="pm-seconds"
          type="number"
          min={0}
          max={3600}
          value={rules.time_on_page_seconds ?? ''}
          onInput={(e) => onChange(put(rules, 'time_on_page_seconds', optionalNumber(e.currentTarget.value)))}
        />
      </Field>
      <Field id="pm-scroll" label="Scrolled percent">
        <input
          id="pm-scroll"
          type="number"
          min={1}
          max={100}
          value={rules.scroll_percent ?? ''}
          onInput={(e) => onChange(put(rules, 'scroll_percent', optionalNumber(e.currentTarget.value)))}
        />
      </Field>
      <Field id="pm-event" label="Custom event">
        <input
          id="pm-event"
          maxLength={64}
          value={rules.event ?? ''}
          onInput={(e) => onChange(put(rules, 'event', e.currentTarget.value.trim() || undefined))}
        />
      </Field>
    </fieldset>
  );
}

type ValueType = 'text' | 'number' | 'boolean';
const typeOf = (v: Value): ValueType =>
  typeof v === 'number' ? 'number' : typeof v === 'boolean' ? 'boolean' : 'text';
const cast = (v: Value, to: ValueType): Value =>
  to === 'number' ? Number(v) || 0 : to === 'boolean' ? v === true || v === 'true' : String(v);

/** The rows of an audience's attributes, in the order the API answered them. */
export const attributeRows = (a: Audience): AttributeRow[] =>
  Object.entries(a.attributes ?? {}).map(([key, value]) => ({ key, value }));

/**
 * The audience to send: the domain when given, the attributes when any (`{}` is every identified contact),
 * or the first key given twice.
 */
export function audienceOf(domain: string, rows: AttributeRow[]): Audience | { duplicate: string } {
  const audience: Audience = {};
  if (domain.trim()) audience.email_domain = domain.trim();
  const attributes: Record<string, Value> = {};
  for (const r of rows) {
    const key = r.key.trim();
    if (key in attributes) return { duplicate: key };
    attributes[key] = r.value;
  }
  if (rows.length) audience.attributes = attributes;
  return audience;
}

/** A campaign's audience: the e-mail domain and the custom attributes a contact must hold. */
export function AudienceEditor({
  domain,
  rows,
  onDomain,
  onRows,
}: {
  domain: string;
  rows: AttributeRow[];
  onDomain(d: string): void;
  onRows(r: AttributeRow[]): void;
}) {
  const set = (i: number, r: AttributeRow) => onRows(rows.map((x, j) => (j === i ? r : x)));
  return (
    <fieldset>
      <legend>Audience: identified contacts who match every line</legend>
      <Field id="pm-domain" label="Audience e-mail domain" hint="Empty: any domain.">
        <input
          id="pm-domain"
          maxLength={253}
          value={domain}
          onInput={(e) => onDomain(e.currentTarget.value)}
        />
      </Field>
      {rows.map((r, i) => {
        const n = `Audience attribute ${i + 1}`;
        const type = typeOf(r.value);
        return (
          <div class="row" key={i}>
            <input
              aria-label={`${n} key`}
              required
              maxLength={100}
              value={r.key}
              onInput={(e) => set(i, { ...r, key: e.currentTarget.value })}
            />
            <select
              aria-label={`${n} type of value`}
              value={type}
              onChange={(e) => set(i, { ...r, value: cast(r.value, e.currentTarget.value as ValueType) })}
            >
              <option value="text">text</option>
              <option value="number">number</option>
              <option value="boolean">true or false</option>
            </select>
            {type === 'boolean' ? (
              <select
                aria-label={`${n} value`}
                value={String(r.value)}
                onChange={(e) => set(i, { ...r, value: e.currentTarget.value === 'true' })}
              >
                <option value="true">true</option>
                <option value="false">false</option>
              </select>
            ) : type === 'number' ? (
              <input
                aria-label={`${n} value`}
                type="number"
                step="any"
                value={String(r.value)}
                onInput={(e) => set(i, { ...r, value: Number(e.currentTarget.value) || 0 })}
              />
            ) : (
              <input
                aria-label={`${n} value`}
                maxLength={1000}
                value={String(r.value)}
                onInput={(e) => set(i, { ...r, value: e.currentTarget.value })}
              />
            )}
            <Button
              aria-label={`Remove audience attribute ${i + 1}`}
              onClick={() => onRows(rows.filter((_, j) => j !== i))}
            >
              Remove
            </Button>
          </div>
        );
      })}
      <Button onClick={() => onRows([...rows, { key: 'plan', value: 'pro' }])}>Add audience attribute</Button>
    </fieldset>
  );
}
