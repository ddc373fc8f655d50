import type { JSX } from 'preact';
import { useState } from 'preact/hooks';
import type { components } from '../../../bff/openapi/schema';
import { fill, type Messages } from '../../ui/messages';

export type SurveyQuestion = components['schemas']['WidgetSurveyQuestion'];
/** An answer as posted: a number (nps, rating, scale), an option id or ids (choice), the text (freetext). */
export type Value = number | string | string[];

const range = (min: number, max: number) => Array.from({ length: max - min + 1 }, (_, i) => min + i);

/** Whether a value may be sent: something chosen, or some text written. */
export const answered = (v: Value | null): v is Value =>
  v !== null && (typeof v === 'number' || (Array.isArray(v) ? v.length > 0 : v.trim() !== ''));

/**
 * One question in a form: its prompt (the label of its group or field), its input (a radio group for
 * nps, rating, scale and a one-answer choice; checkboxes for a several-answer choice; a textarea for
 * freetext) and Next, or Submit on the last. Native inputs: arrow keys move within a radio group, Space
 * checks, Tab reaches the button. The value is sent as chosen, through onAnswer.
 */
export function Question({
  q,
  t,
  n,
  total,
  failed,
  onAnswer,
}: {
  q: SurveyQuestion;
  t: Messages;
  n: number;
  total: number;
  failed: boolean;
  onAnswer: (value: Value) => void;
}) {
  const [v, setV] = useState<Value | null>(null);
  let ends: [string, string] | null = null;
  let input: JSX.Element;
  const radios = (items: [number | string, string, string?][]) => (
    <div role="radiogroup" aria-labelledby="qp" aria-describedby={ends ? 'qe' : undefined} class="r">
      {items.map(([value, text, name]) => (
        <label key={value}>
          <input type="radio" name="q" checked={v === value} aria-label={name} onChange={() => setV(value)} />
          <span>{text}</span>
        </label>
      ))}
    </div>
  );
  if (q.kind === 'freetext')
    input = (
      <textarea
        aria-labelledby="qp"
        placeholder={q.placeholder}
        maxLength={2000}
        rows={3}
        onInput={(e) => setV((e.target as HTMLTextAreaElement).value)}
      />
    );
  else if (q.kind === 'choice')
    input = q.multiple ? (
      <fieldset aria-labelledby="qp" class="o">
        {q.options.map((o) => (
          <label key={o.id}>
            <input
              type="checkbox"
              checked={Array.isArray(v) && v.includes(o.id)}
              onChange={(e) => {
                const on = (e.target as HTMLInputElement).checked;
                const now = Array.isArray(v) ? v : [];
                setV(q.options.map((x) => x.id).filter((id) => (id === o.id ? on : now.includes(id))));
              }}
            />
            <span>{o.label}</span>
          </label>
        ))}
      </fieldset>
    ) : (
      <div class="o">{radios(q.options.map((o) => [o.id, o.label]))}</div>
    );
  else {
    const [min, max] = q.kind === 'nps' ? [0, 10] : q.kind === 'rating' ? [1, 5] : [q.min, q.max];
    if (q.kind === 'nps') ends = [t.npsLow, t.npsHigh];
    if (q.kind === 'scale') ends = [q.min_label, q.max_label];
    input = radios(
      range(min, max).map((i) => [
        i,
        String(i),
        q.kind === 'rating' ? fill(t.tourRate, { n: i }) : undefined,
      ]),
    );
  }
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (answered(v)) onAnswer(v);
      }}
    >
      <p class="n">{fill(t.surveyStep, { n, total })}</p>
      <p id="qp" class="qp">
        {q.prompt}
      </p>
      {input}
      {ends && (
        <div id="qe" class="e">
          <span>{ends[0]}</span> <span>{ends[1]}</span>
        </div>
      )}
      {failed && (
        <p role="alert" class="n">
          {t.notSent}
        </p>
      )}
      <button type="submit" class="p" aria-disabled={!answered(v)}>
        {n === total ? t.surveySend : t.surveyNext}
      </button>
    </form>
  );
}
