import { useId } from 'preact/hooks';
import { Button } from '../../ui';
import type {
  AnnouncementContent,
  BannerContent,
  LauncherContent,
  ProgramContent,
  ProgramItem,
  SurveyContent,
  TourContent,
  TourStep,
} from './types';

/** A short random id for a new step, section, item or question (the server keeps given ids). */
const newKey = (prefix: string) => `${prefix}_${Math.random().toString(36).slice(2, 10)}`;

function move<T>(list: T[], i: number, by: number): T[] {
  const j = i + by;
  if (j < 0 || j >= list.length) return list;
  const copy = [...list];
  [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  return copy;
}

function Text({
  label,
  value,
  onInput,
  max,
  area,
  required,
}: {
  label: string;
  value: string;
  onInput(v: string): void;
  max: number;
  area?: boolean;
  required?: boolean;
}) {
  const id = useId();
  return (
    <div class="stack">
      <label for={id}>{label}</label>
      {area ? (
        <textarea
          id={id}
          rows={3}
          maxLength={max}
          value={value}
          onInput={(e) => onInput(e.currentTarget.value)}
        />
      ) : (
        <input
          id={id}
          maxLength={max}
          required={required}
          value={value}
          onInput={(e) => onInput(e.currentTarget.value)}
        />
      )}
    </div>
  );
}

export function TourEditor({ content, onChange }: { content: TourContent; onChange(c: TourContent): void }) {
  const steps = content.steps ?? [];
  const setSteps = (s: TourStep[]) => onChange({ ...content, steps: s });
  const set = (i: number, patch: Partial<TourStep>) =>
    setSteps(steps.map((s, j) => (j === i ? { ...s, ...patch } : s)));
  return (
    <section class="card" aria-labelledby="steps-title">
      <h3 id="steps-title">Steps</h3>
      <ol class="editor-list">
        {steps.map((s, i) => (
          <li key={s.id ?? i}>
            <fieldset>
              <legend>Step {i + 1}</legend>
              <Text label="Title" value={s.title ?? ''} max={120} onInput={(v) => set(i, { title: v })} />
              <Text label="Body" area value={s.body ?? ''} max={2000} onInput={(v) => set(i, { body: v })} />
              <Text
                label="Target selector (empty: centred)"
                value={s.target?.selector ?? ''}
                max={500}
                onInput={(v) => set(i, { target: v.trim() ? { selector: v } : null })}
              />
              <div class="row">
                <label>
                  Placement{' '}
                  <select
                    value={s.placement ?? 'auto'}
                    onChange={(e) => set(i, { placement: e.currentTarget.value as TourStep['placement'] })}
                  >
                    {['auto', 'top', 'bottom', 'left', 'right'].map((p) => (
                      <option key={p} value={p}>
                        {p}
                      </option>
                    ))}
                  </select>
                </label>
                <label>
                  Advance{' '}
                  <select
                    value={s.advance ?? 'next'}
                    onChange={(e) => set(i, { advance: e.currentTarget.value as TourStep['advance'] })}
                  >
                    <option value="next">Next button</option>
                    <option value="target_click">Click on the target</option>
                  </select>
                </label>
              </div>
              <div class="row">
                <Button aria-label={`Move step ${i + 1} up`} onClick={() => setSteps(move(steps, i, -1))}>
                  Up
                </Button>
                <Button aria-label={`Move step ${i + 1} down`} onClick={() => setSteps(move(steps, i, 1))}>
                  Down
                </Button>
                <Button
                  variant="danger"
                  aria-label={`Remove step ${i + 1}`}
                  onClick={() => setSteps(steps.filter((_, j) => j !== i))}
                >
                  Remove
                </Button>
              </div>
            </fieldset>
          </li>
        ))}
      </ol>
      <Button
        disabled={steps.length >= 25}
        onClick={() =>
          setSteps([
            ...steps,
            {
              id: newKey('step'),
              title: '',
              body: '',
              target: null,
              placement: 'auto',
              advance: 'next',
              page: null,
              wait_ms: 5000,
            },
          ])
        }
      >
        Add step
      </Button>
    </section>
  );
}

const ITEM_KINDS: ProgramItem['kind'][] = ['url', 'article', 'tour', 'guide', 'event'];

export function ProgramEditor({
  content,
  onChange,
}: {
  content: ProgramContent;
  onChange(c: ProgramContent): void;
}) {
  const sections = content.sections ?? [];
  type Section = (typeof sections)[number];
  const setSections = (s: Section[]) => onChange({ ...content, sections: s });
  const setSection = (i: number, patch: Partial<Section>) =>
    setSections(sections.map((s, j) => (j === i ? { ...s, ...patch } : s)));
  return (
    <section class="card" aria-labelledby="sections-title">
      <h3 id="sections-title">Sections</h3>
      {sections.map((sec, i) => {
        const items = sec.items ?? [];
        const setItem = (k: number, patch: Partial<ProgramItem>) =>
          setSection(i, { items: items.map((it, j) => (j === k ? { ...it, ...patch } : it)) });
        return (
          <fieldset key={sec.id ?? i}>
            <legend>Section {i + 1}</legend>
            <Text
              label="Section title"
              value={sec.title ?? ''}
              max={120}
              onInput={(v) => setSection(i, { title: v })}
            />
            <ol class="editor-list">
              {items.map((it, k) => (
                <li key={it.id ?? k}>
                  <div class="row">
                    <Text
                      label={`Item ${k + 1} title`}
                      required
                      value={it.title}
                      max={120}
                      onInput={(v) => setItem(k, { title: v })}
                    />
                    <label class="stack">
                      Kind
                      <select
                        value={it.kind}
                        onChange={(e) => setItem(k, { kind: e.currentTarget.value as ProgramItem['kind'] })}
                      >
                        {ITEM_KINDS.map((x) => (
                          <option key={x} value={x}>
                            {x}
                          </option>
                        ))}
                      </select>
                    </label>
                    {it.kind === 'url' && (
                      <Text
                        label="Address"
                        value={it.url ?? ''}
                        max={2048}
                        onInput={(v) => setItem(k, { url: v })}
                      />
                    )}
                    {it.kind === 'article' && (
                      <Text
                        label="Article slug"
                        value={it.article_slug ?? ''}
                        max={120}
                        onInput={(v) => setItem(k, { article_slug: v })}
                      />
                    )}
                    {it.kind === 'tour' && (
                      <Text
                        label="Tour id"
                        value={it.tour_id ?? ''}
                        max={26}
                        onInput={(v) => setItem(k, { tour_id: v })}
                      />
                    )}
                    {it.kind === 'guide' && (
                      <Text
                        label="Guide id"
                        value={it.guide_id ?? ''}
                        max={26}
                        onInput={(v) => setItem(k, { guide_id: v })}
                      />
                    )}
                    {it.kind === 'event' && (
                      <Text
                        label="Event name"
                        value={it.event_name ?? ''}
                        max={100}
                        onInput={(v) => setItem(k, { event_name: v })}
                      />
                    )}
                    <Button
                      variant="danger"
                      aria-label={`Remove item ${k + 1} of section ${i + 1}`}
                      onClick={() => setSection(i, { items: items.filter((_, j) => j !== k) })}
                    >
                      Remove
                    </Button>
                  </div>
                </li>
              ))}
            </ol>
            <div class="row">
              <Button
                onClick={() =>
                  setSection(i, {
                    items: [
                      ...items,
                      { id: newKey('item'), title: 'New item', description: '', kind: 'url', url: '/' },
                    ],
                  })
                }
              >
                Add item to section {i + 1}
              </Button>
              <Button
                variant="danger"
                aria-label={`Remove section ${i + 1}`}
                onClick={() => setSections(sections.filter((_, j) => j !== i))}
              >
                Remove section
              </Button>
            </div>
          </fieldset>
        );
      })}
      <Button onClick={() => setSections([...sections, { id: newKey('sec'), title: '', items: [] }])}>
        Add section
      </Button>
    </section>
  );
}

export function BannerEditor({
  content,
  onChange,
}: {
  content: BannerContent;
  onChange(c: BannerContent): void;
}) {
  const set = (patch: Partial<BannerContent>) => onChange({ ...content, ...patch });
  return (
    <section class="card" aria-labelledby="banner-title">
      <h3 id="banner-title">Banner</h3>
      <Text label="Message" required value={content.message} max={300} onInput={(v) => set({ message: v })} />
      <Text
        label="Button label (empty: no button)"
        value={content.button?.label ?? ''}
        max={60}
        onInput={(v) =>
          set({
            button: v.trim()
              ? { label: v, url: content.button?.url ?? null, action: content.button?.action ?? null }
              : null,
          })
        }
      />
      {content.button && (
        <Text
          label="Button address"
          value={content.button.url ?? ''}
          max={2048}
          onInput={(v) => set({ button: { ...content.button!, url: v.trim() ? v : null } })}
        />
      )}
      <div class="row">
        <label>
          Placement{' '}
          <select
            value={content.placement ?? 'top'}
            onChange={(e) => set({ placement: e.currentTarget.value as BannerContent['placement'] })}
          >
            <option value="top">Top of the page</option>
            <option value="bottom">Bottom of the page</option>
          </select>
        </label>
        <label>
          <input
            type="checkbox"
            checked={content.dismissible ?? true}
            onChange={(e) => set({ dismissible: e.currentTarget.checked })}
          />{' '}
          Dismissible
        </label>
        <label>
          <input
            type="checkbox"
            checked={content.sticky ?? false}
            onChange={(e) => set({ sticky: e.currentTarget.checked })}
          />{' '}
          Sticky
        </label>
      </div>
    </section>
  );
}

export function LauncherEditor({
  content,
  onChange,
}: {
  content: LauncherContent;
  onChange(c: LauncherContent): void;
}) {
  const set = (patch: Partial<LauncherContent>) => onChange({ ...content, ...patch });
  const action = content.action;
  return (
    <section class="card" aria-labelledby="launcher-title">
      <h3 id="launcher-title">Launcher</h3>
      <div class="row">
        <label>
          Kind{' '}
          <select
            value={content.kind}
            onChange={(e) => set({ kind: e.currentTarget.value as LauncherContent['kind'] })}
          >
            <option value="beacon">Beacon</option>
            <option value="icon">Icon</option>
            <option value="button">Button</option>
          </select>
        </label>
        <label>
          Opens on{' '}
          <select
            value={content.activation ?? 'hover'}
            onChange={(e) => set({ activation: e.currentTarget.value as LauncherContent['activation'] })}
          >
            <option value="hover">Hover</option>
            <option value="click">Click</option>
          </select>
        </label>
      </div>
      <Text
        label="Target selector"
        required
        value={content.target.selector}
        max={500}
        onInput={(v) => set({ target: { selector: v } })}
      />
      <Text
        label="Label"
        value={content.label ?? ''}
        max={60}
        onInput={(v) => set({ label: v.trim() ? v : null })}
      />
      <label>
        Action{' '}
        <select
          value={action.type}
          onChange={(e) => {
            const t = e.currentTarget.value;
            set({
              action:
                t === 'tooltip'
                  ? { type: 'tooltip', text: 'A tip.' }
                  : t === 'open_url'
                    ? { type: 'open_url', url: '/' }
                    : { type: 'open_help' },
            });
          }}
        >
          <option value="tooltip">Show a tooltip</option>
          <option value="open_url">Open an address</option>
          <option value="open_help">Open Help</option>
        </select>
      </label>
      {action.type === 'tooltip' && (
        <Text
          label="Tooltip text"
          area
          value={action.text}
          max={500}
          onInput={(v) => set({ action: { type: 'tooltip', text: v } })}
        />
      )}
      {action.type === 'open_url' && (
        <Text
          label="Address"
          value={action.url}
          max={2048}
          onInput={(v) => set({ action: { type: 'open_url', url: v } })}
        />
      )}
    </section>
  );
}

export function AnnouncementEditor({
  content,
  onChange,
}: {
  content: AnnouncementContent;
  onChange(c: AnnouncementContent): void;
}) {
  const set = (patch: Partial<AnnouncementContent>) => onChange({ ...content, ...patch });
  return (
    <section class="card" aria-labelledby="announcement-title">
      <h3 id="announcement-title">Announcement</h3>
      <Text label="Title" required value={content.title} max={120} onInput={(v) => set({ title: v })} />
      <Text label="Body" area value={content.body ?? ''} max={5000} onInput={(v) => set({ body: v })} />
      <label>
        Distribution{' '}
        <select
          value={content.distribution ?? 'badge'}
          onChange={(e) =>
            set({ distribution: e.currentTarget.value as AnnouncementContent['distribution'] })
          }
        >
          <option value="silent">Silent (in News only)</option>
          <option value="badge">Badge on the launcher</option>
          <option value="popup">Pop-up</option>
        </select>
      </label>
    </section>
  );
}

type Question = NonNullable<SurveyContent['questions']>[number];

export function SurveyEditor({
  content,
  onChange,
}: {
  content: SurveyContent;
  onChange(c: SurveyContent): void;
}) {
  const questions = content.questions ?? [];
  const setQuestions = (q: Question[]) => onChange({ ...content, questions: q });
  const setQ = (i: number, q: Question) => setQuestions(questions.map((x, j) => (j === i ? q : x)));
  const blank = (kind: Question['kind'], prompt: string): Question =>
    kind === 'choice'
      ? {
          kind,
          id: newKey('q'),
          prompt,
          attribute_key: null,
          multiple: false,
          options: [
            { id: newKey('o'), label: 'Yes' },
            { id: newKey('o'), label: 'No' },
          ],
        }
      : ({ kind, id: newKey('q'), prompt, attribute_key: null } as Question);
  return (
    <section class="card" aria-labelledby="questions-title">
      <h3 id="questions-title">Questions</h3>
      <ol class="editor-list">
        {questions.map((q, i) => (
          <li key={q.id ?? i}>
            <fieldset>
              <legend>Question {i + 1}</legend>
              <div class="row">
                <label>
                  Kind{' '}
                  <select
                    value={q.kind}
                    onChange={(e) => setQ(i, blank(e.currentTarget.value as Question['kind'], q.prompt))}
                  >
                    <option value="nps">Net promoter score</option>
                    <option value="rating">Rating</option>
                    <option value="scale">Scale</option>
                    <option value="choice">Choice</option>
                    <option value="freetext">Free text</option>
                  </select>
                </label>
              </div>
              <Text
                label="Prompt"
                required
                value={q.prompt}
                max={300}
                onInput={(v) => setQ(i, { ...q, prompt: v })}
              />
              {q.kind === 'choice' && (
                <Text
                  label="Options (one a line)"
                  area
                  value={q.options.map((o) => o.label).join('\n')}
                  max={1300}
                  onInput={(v) =>
                    setQ(i, {
                      ...q,
                      options: v
                        .split('\n')
                        .slice(0, 10)
                        .map((label, k) => ({ id: q.options[k]?.id ?? newKey('o'), label })),
                    })
                  }
                />
              )}
              <Button
                variant="danger"
                aria-label={`Remove question ${i + 1}`}
                onClick={() => setQuestions(questions.filter((_, j) => j !== i))}
              >
                Remove
              </Button>
            </fieldset>
          </li>
        ))}
      </ol>
      <Button
        disabled={questions.length >= 10}
        onClick={() => setQuestions([...questions, blank('nps', 'How likely are you to recommend us?')])}
      >
        Add question
      </Button>
      <Text
        label="Thank-you message"
        value={content.thank_you ?? ''}
        max={200}
        onInput={(v) => onChange({ ...content, thank_you: v })}
      />
    </section>
  );
}
