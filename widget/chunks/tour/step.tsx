import { useState } from 'preact/hooks';
import { fill, type Messages } from '../../ui/messages';
import type { TourStep } from './types';

const CROSS = (
  <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2.5" aria-hidden="true">
    <path d="M6 6l12 12M18 6L6 18" />
  </svg>
);

export type Act = (action: 'next' | 'back' | 'dismissed' | 'skipped') => void;

export interface StepProps {
  step: TourStep;
  index: number;
  total: number;
  t: Messages;
  lang: string;
  /** The end-of-tour question, on the last step when feedback is enabled. */
  question: string | null;
  act: Act;
  onKey: (e: KeyboardEvent) => void;
}

/**
 * One step: a dialog named by its title and described by its body (plain text, line breaks kept),
 * with Back, Next or Done, Skip tour and Close tour; modal (over a backdrop, centred) when it has no
 * target. A target_click step has no Next: using the target advances. The last step may carry the
 * feedback question (rating buttons 1-5 and a comment); the controller reads the answer at the end.
 */
export function Step({ step, index, total, t, lang, question, act, onKey }: StepProps) {
  const modal = !step.target;
  const last = index === total - 1;
  return (
    <>
      {modal && <div class="bd" />}
      <div
        class={modal ? 's m' : 's'}
        role="dialog"
        aria-modal={modal ? 'true' : undefined}
        aria-labelledby="tt"
        aria-describedby="tb"
        lang={lang}
        tabIndex={-1}
        onKeyDown={onKey}
      >
        {!modal && <div class="ar" />}
        <h2 id="tt">{step.title}</h2>
        <button type="button" class="x" aria-label={t.tourClose} onClick={() => act('dismissed')}>
          {CROSS}
        </button>
        <p id="tb">{step.body}</p>
        {question && <Feedback question={question} t={t} />}
        <div class="f">
          <span class="n">{fill(t.tourStep, { n: index + 1, total })}</span>
          {!last && (
            <button type="button" class="k" onClick={() => act('skipped')}>
              {t.tourSkip}
            </button>
          )}
          {index > 0 && (
            <button type="button" onClick={() => act('back')}>
              {t.tourBack}
            </button>
          )}
          {(modal || step.advance !== 'target_click') && (
            <button type="button" class="p" onClick={() => act('next')}>
              {last ? t.tourDone : t.tourNext}
            </button>
          )}
        </div>
      </div>
    </>
  );
}

/** The end-of-tour question: a group (fieldset) named by it, five toggle buttons and an optional comment. */
function Feedback({ question, t }: { question: string; t: Messages }) {
  const [rating, setRating] = useState(0);
  return (
    <fieldset>
      <legend>{question}</legend>
      <div class="r">
        {[1, 2, 3, 4, 5].map((n) => (
          <button
            type="button"
            key={n}
            aria-pressed={rating === n}
            aria-label={fill(t.tourRate, { n })}
            onClick={() => setRating(n)}
          >
            {n}
          </button>
        ))}
      </div>
      <textarea aria-label={t.tourComment} placeholder={t.tourComment} maxLength={1000} rows={2} />
    </fieldset>
  );
}
