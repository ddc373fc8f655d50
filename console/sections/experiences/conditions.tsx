import type { ComponentChildren } from 'preact';
import { Button, optionalNumber } from '../../ui';
import { issue, useIssues } from './issues';
import type { Targeting } from './types';

type AttributeRule = NonNullable<Targeting['attributes']>[number];
type EventRule = NonNullable<Targeting['events']>[number];
type ElementRule = NonNullable<Targeting['elements']>[number];
type Op = AttributeRule['op'];
type ValueType = 'none' | 'text' | 'number' | 'boolean';

const OPS: Op[] = ['equals', 'not_equals', 'contains', 'exists', 'not_exists', 'greater_than', 'less_than'];
const AT = 'draft.targeting';

/** What a test compares with: nothing, a number, text, or for (not) equals whatever type was chosen. */
function valueTypeOf(r: AttributeRule): ValueType {
  if (r.op === 'exists' || r.op === 'not_exists') return 'none';
  if (r.op === 'greater_than' || r.op === 'less_than') return 'number';
  if (r.op === 'contains') return 'text';
  return typeof r.value === 'number' ? 'number' : typeof r.value === 'boolean' ? 'boolean' : 'text';
}

/** The value recast to a type (a number that is not one becomes 0, text its string). */
function cast(value: AttributeRule['value'], to: ValueType): AttributeRule['value'] {
  if (to === 'none') return undefined;
  if (to === 'number') return typeof value === 'number' ? value : Number(value) || 0;
  if (to === 'boolean') return value === true || value === 'true';
  return value === undefined ? '' : String(value);
}

const withOp = (r: AttributeRule, op: Op): AttributeRule => {
  const next = { key: r.key, op } as AttributeRule;
  const value = cast(r.value, valueTypeOf({ ...next, value: r.value }));
  return value === undefined ? next : { ...next, value };
};

/** A control with the server's issue for its path under it. */
function Control({ path, children }: { path: string; children(props: object): ComponentChildren }) {
  const found = issue(useIssues(), path);
  return (
    <span class="control">
      {children(found.props)}
      {found.note}
    </span>
  );
}

function ListNote({ path }: { path: string }) {
  return issue(useIssues(), path).note;
}

/**
 * A list of rules: the legend, the server's issue about the list, one row per rule with its Remove button,
 * and an Add button while fewer than `max`. `row` draws a rule's controls, named after `name` and its number.
 */
function RuleList<T>({
  legend,
  field,
  name,
  rules,
  max,
  fresh,
  onChange,
  row,
}: {
  legend: string;
  field: 'attributes' | 'events' | 'elements';
  name: string;
  rules: T[];
  max: number;
  fresh: T;
  onChange(r: T[]): void;
  row(r: T, set: (next: T) => void, label: string, path: string): ComponentChildren;
}) {
  return (
    <fieldset>
      <legend>{legend}</legend>
      <ListNote path={`${AT}.${field}`} />
      {rules.map((r, i) => {
        const label = `${name} ${i + 1}`;
        const set = (next: T) => onChange(rules.map((x, j) => (j === i ? next : x)));
        return (
          <div class="row" key={i}>
            {row(r, set, label, `${AT}.${field}.${i}`)}
            <Button
              aria-label={`Remove ${label.toLowerCase()}`}
              onClick={() => onChange(rules.filter((_, j) => j !== i))}
            >
              Remove
            </Button>
          </div>
        );
      })}
      <Button disabled={rules.length >= max} onClick={() => onChange([...rules, fresh])}>
        Add {name.toLowerCase()}
      </Button>
    </fieldset>
  );
}

export function AttributeRules({
  rules,
  onChange,
}: {
  rules: AttributeRule[];
  onChange(r: AttributeRule[]): void;
}) {
  return (
    <RuleList
      legend="Only people whose attributes match"
      field="attributes"
      name="Attribute rule"
      rules={rules}
      max={20}
      fresh={{ key: 'plan', op: 'equals', value: 'pro' }}
      onChange={onChange}
      row={(r, set, n, p) => {
        const type = valueTypeOf(r);
        return (
          <>
            <Control path={`${p}.key`}>
              {(a) => (
                <input
                  {...a}
                  aria-label={`${n} key`}
                  value={r.key}
                  required
                  maxLength={64}
                  onInput={(e) => set({ ...r, key: e.currentTarget.value })}
                />
              )}
            </Control>
            <Control path={`${p}.op`}>
              {(a) => (
                <select
                  {...a}
                  aria-label={`${n} test`}
                  value={r.op}
                  onChange={(e) => set(withOp(r, e.currentTarget.value as Op))}
                >
                  {OPS.map((o) => (
                    <option key={o} value={o}>
                      {o.replace('_', ' ')}
                    </option>
                  ))}
                </select>
              )}
            </Control>
            {(r.op === 'equals' || r.op === 'not_equals') && (
              <select
                aria-label={`${n} type of value`}
                value={type}
                onChange={(e) => set({ ...r, value: cast(r.value, e.currentTarget.value as ValueType) })}
              >
                <option value="text">text</option>
                <option value="number">number</option>
                <option value="boolean">true or false</option>
              </select>
            )}
            {type !== 'none' && (
              <Control path={`${p}.value`}>
                {(a) =>
                  type === 'boolean' ? (
                    <select
                      {...a}
                      aria-label={`${n} value`}
                      value={String(r.value === true)}
                      onChange={(e) => set({ ...r, value: e.currentTarget.value === 'true' })}
                    >
                      <option value="true">true</option>
                      <option value="false">false</option>
                    </select>
                  ) : type === 'number' ? (
                    <input
                      {...a}
                      aria-label={`${n} value`}
                      type="number"
                      step="any"
                      value={typeof r.value === 'number' ? r.value : ''}
                      onInput={(e) => set({ ...r, value: Number(e.currentTarget.value) || 0 })}
                    />
                  ) : (
                    <input
                      {...a}
                      aria-label={`${n} value`}
                      value={r.value === undefined ? '' : String(r.value)}
                      maxLength={1000}
                      onInput={(e) => set({ ...r, value: e.currentTarget.value })}
                    />
                  )
                }
              </Control>
            )}
          </>
        );
      }}
    />
  );
}

export function EventRules({ rules, onChange }: { rules: EventRule[]; onChange(r: EventRule[]): void }) {
  return (
    <RuleList
      legend="Only people who did (or did not) do events"
      field="events"
      name="Event rule"
      rules={rules}
      max={10}
      fresh={{ name: 'signed_up', did: true }}
      onChange={onChange}
      row={(r, set, n, p) => (
        <>
          <select
            aria-label={`${n} did or did not`}
            value={r.did ? 'did' : 'did_not'}
            onChange={(e) => set({ ...r, did: e.currentTarget.value === 'did' })}
          >
            <option value="did">did</option>
            <option value="did_not">did not</option>
          </select>
          <Control path={`${p}.name`}>
            {(a) => (
              <input
                {...a}
                aria-label={`${n} event name`}
                value={r.name}
                required
                maxLength={64}
                onInput={(e) => set({ ...r, name: e.currentTarget.value })}
              />
            )}
          </Control>
          <Control path={`${p}.at_least`}>
            {(a) => (
              <input
                {...a}
                aria-label={`${n} at least (times)`}
                type="number"
                placeholder="times"
                value={r.at_least ?? ''}
                onInput={(e) => set({ ...r, at_least: optionalNumber(e.currentTarget.value) })}
              />
            )}
          </Control>
          <Control path={`${p}.within_days`}>
            {(a) => (
              <input
                {...a}
                aria-label={`${n} within (days)`}
                type="number"
                placeholder="days"
                value={r.within_days ?? ''}
                onInput={(e) => set({ ...r, within_days: optionalNumber(e.currentTarget.value) })}
              />
            )}
          </Control>
        </>
      )}
    />
  );
}

export function ElementRules({
  rules,
  onChange,
}: {
  rules: ElementRule[];
  onChange(r: ElementRule[]): void;
}) {
  return (
    <RuleList
      legend="Only when elements are on the page (or not)"
      field="elements"
      name="Element rule"
      rules={rules}
      max={5}
      fresh={{ selector: '#app', present: true }}
      onChange={onChange}
      row={(r, set, n, p) => (
        <>
          <Control path={`${p}.selector`}>
            {(a) => (
              <input
                {...a}
                aria-label={`${n} selector`}
                value={r.selector}
                required
                maxLength={500}
                onInput={(e) => set({ ...r, selector: e.currentTarget.value })}
              />
            )}
          </Control>
          <select
            aria-label={`${n} present or absent`}
            value={r.present ? 'present' : 'absent'}
            onChange={(e) => set({ ...r, present: e.currentTarget.value === 'present' })}
          >
            <option value="present">is present</option>
            <option value="absent">is absent</option>
          </select>
        </>
      )}
    />
  );
}

type Triggers = NonNullable<Targeting['triggers']>;

/** Browser triggers: every one given must have happened in this page view before the experience shows. */
export function TriggerFields({ triggers, onChange }: { triggers: Triggers; onChange(t: Triggers): void }) {
  const p = `${AT}.triggers`;
  const put = <K extends keyof Triggers>(k: K, v: Triggers[K] | undefined) => {
    const next = { ...triggers };
    if (v === undefined) delete next[k];
    else next[k] = v;
    onChange(next);
  };
  return (
    <fieldset>
      <legend>Show only after (in this page view)</legend>
      <div class="row">
        <div class="stack">
          <label for="trigger-custom-event">Custom event</label>
          <Control path={`${p}.custom_event`}>
            {(a) => (
              <input
                {...a}
                id="trigger-custom-event"
                maxLength={64}
                value={triggers.custom_event ?? ''}
                onInput={(e) => put('custom_event', e.currentTarget.value.trim() || undefined)}
              />
            )}
          </Control>
        </div>
        <div class="stack">
          <label for="trigger-seconds">Seconds on page</label>
          <Control path={`${p}.time_on_page_seconds`}>
            {(a) => (
              <input
                {...a}
                id="trigger-seconds"
                type="number"
                value={triggers.time_on_page_seconds ?? ''}
                onInput={(e) => put('time_on_page_seconds', optionalNumber(e.currentTarget.value))}
              />
            )}
          </Control>
        </div>
        <div class="stack">
          <label for="trigger-scroll">Scrolled percent</label>
          <Control path={`${p}.scroll_depth_percent`}>
            {(a) => (
              <input
                {...a}
                id="trigger-scroll"
                type="number"
                value={triggers.scroll_depth_percent ?? ''}
                onInput={(e) => put('scroll_depth_percent', optionalNumber(e.currentTarget.value))}
              />
            )}
          </Control>
        </div>
      </div>
    </fieldset>
  );
}
