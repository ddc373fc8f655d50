import { Button } from '../../ui';
import { AttributeRules, ElementRules, EventRules, TriggerFields } from './conditions';
import { issue, useIssues } from './issues';
import { type ExperienceType, FREQUENCY_KINDS, type Frequency, type Targeting, type UrlRule } from './types';

const MATCHES: UrlRule['match'][] = ['exact', 'prefix', 'wildcard', 'regex'];

/** `2026-11-01T12:00:00.000Z` as a datetime-local value (local time), and back. */
const toLocal = (iso: string | null | undefined) => {
  if (!iso) return '';
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};
const fromLocal = (v: string) => (v ? new Date(v).toISOString() : null);

function Rules({
  label,
  path,
  rules,
  onChange,
}: {
  label: string;
  /** Where the server's issues name these rules: `draft.targeting.pages.include`. */
  path: string;
  rules: UrlRule[];
  onChange(r: UrlRule[]): void;
}) {
  const issues = useIssues();
  const set = (i: number, patch: Partial<UrlRule>) =>
    onChange(rules.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  return (
    <fieldset>
      <legend>{label}</legend>
      {issue(issues, path).note}
      {rules.map((r, i) => {
        const found = issue(issues, `${path}.${i}.value`);
        return (
          <div class="row" key={i}>
            <select
              aria-label={`${label} rule ${i + 1} match`}
              value={r.match}
              onChange={(e) => set(i, { match: e.currentTarget.value as UrlRule['match'] })}
            >
              {MATCHES.map((m) => (
                <option key={m} value={m}>
                  {m}
                </option>
              ))}
            </select>
            <span class="control">
              <input
                {...found.props}
                aria-label={`${label} rule ${i + 1} address`}
                value={r.value}
                required
                maxLength={2048}
                onInput={(e) => set(i, { value: e.currentTarget.value })}
              />
              {found.note}
            </span>
            <Button
              aria-label={`Remove ${label} rule ${i + 1}`}
              onClick={() => onChange(rules.filter((_, j) => j !== i))}
            >
              Remove
            </Button>
          </div>
        );
      })}
      <Button onClick={() => onChange([...rules, { match: 'prefix', value: '/' }])}>
        Add {label.toLowerCase()} rule
      </Button>
    </fieldset>
  );
}

/**
 * Where and to whom: page rules, audience, contact attributes and events, elements on the page, browser
 * triggers, priority, window, and the frequency where the type has one. The server's 422 issues of the last
 * save (IssuesContext) show next to their fields.
 */
export function TargetingEditor({
  type,
  targeting,
  frequency,
  onChange,
}: {
  type: ExperienceType;
  targeting: Targeting;
  frequency: Frequency | null;
  onChange(t: Targeting, f: Frequency | null): void;
}) {
  const pages = targeting.pages ?? { include: [], exclude: [] };
  const window = targeting.window ?? { starts_at: null, ends_at: null };
  const set = (patch: Partial<Targeting>) => onChange({ ...targeting, ...patch }, frequency);
  const kinds = FREQUENCY_KINDS[type];
  const issues = useIssues();
  const priority = issue(issues, 'draft.targeting.priority');
  const starts = issue(issues, 'draft.targeting.window.starts_at');
  const ends = issue(issues, 'draft.targeting.window.ends_at');
  return (
    <section class="card" aria-labelledby="targeting-title">
      <h3 id="targeting-title">Targeting</h3>
      <Rules
        label="Show on"
        path="draft.targeting.pages.include"
        rules={pages.include ?? []}
        onChange={(include) => set({ pages: { ...pages, include } })}
      />
      <Rules
        label="Never on"
        path="draft.targeting.pages.exclude"
        rules={pages.exclude ?? []}
        onChange={(exclude) => set({ pages: { ...pages, exclude } })}
      />
      <AttributeRules rules={targeting.attributes ?? []} onChange={(attributes) => set({ attributes })} />
      <EventRules rules={targeting.events ?? []} onChange={(events) => set({ events })} />
      <ElementRules rules={targeting.elements ?? []} onChange={(elements) => set({ elements })} />
      <TriggerFields triggers={targeting.triggers ?? {}} onChange={(triggers) => set({ triggers })} />
      <div class="row">
        <label>
          Audience{' '}
          <select
            value={targeting.audience ?? 'everyone'}
            onChange={(e) => set({ audience: e.currentTarget.value as Targeting['audience'] })}
          >
            <option value="everyone">Everyone</option>
            <option value="identified">Identified people</option>
            <option value="anonymous">Anonymous visitors</option>
          </select>
        </label>
        <label>
          Priority{' '}
          <input
            {...priority.props}
            type="number"
            min={0}
            max={1000}
            value={targeting.priority ?? 0}
            onInput={(e) => set({ priority: Number(e.currentTarget.value) || 0 })}
          />
        </label>
        {priority.note}
      </div>
      <div class="row">
        <label>
          Starts{' '}
          <input
            {...starts.props}
            type="datetime-local"
            value={toLocal(window.starts_at)}
            onInput={(e) => set({ window: { ...window, starts_at: fromLocal(e.currentTarget.value) } })}
          />
        </label>
        <label>
          Ends{' '}
          <input
            {...ends.props}
            type="datetime-local"
            value={toLocal(window.ends_at)}
            onInput={(e) => set({ window: { ...window, ends_at: fromLocal(e.currentTarget.value) } })}
          />
        </label>
        {starts.note}
        {ends.note}
      </div>
      {kinds && frequency && (
        <div class="row">
          <label>
            Frequency{' '}
            <select
              value={frequency.kind}
              onChange={(e) => {
                const kind = e.currentTarget.value as Frequency['kind'];
                onChange(targeting, kind === 'limited' ? { kind, times: 3, days_apart: 1 } : { kind });
              }}
            >
              {kinds.map((k) => (
                <option key={k} value={k}>
                  {k === 'once' ? 'Once' : k === 'unlimited' ? 'Every time' : 'Limited'}
                </option>
              ))}
            </select>
          </label>
          {frequency.kind === 'limited' && (
            <>
              <label>
                Times{' '}
                <input
                  type="number"
                  min={1}
                  max={100}
                  value={frequency.times}
                  onInput={(e) =>
                    onChange(targeting, { ...frequency, times: Number(e.currentTarget.value) || 1 })
                  }
                />
              </label>
              <label>
                Days apart{' '}
                <input
                  type="number"
                  min={0}
                  max={365}
                  value={frequency.days_apart}
                  onInput={(e) =>
                    onChange(targeting, { ...frequency, days_apart: Number(e.currentTarget.value) || 0 })
                  }
                />
              </label>
            </>
          )}
        </div>
      )}
    </section>
  );
}
