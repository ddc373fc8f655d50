import { useEffect, useRef, useState } from 'preact/hooks';
import type { ProgramItem } from '../../core/experiences';
import type { Runtime } from '../../core/runtime';
import { describeError } from '../../core/transport';
import { warn } from '../../core/warn';
import type { Messages } from '../../ui/messages';

/** A published guide as GET widget/guides/{guideId} answers it (the steps' text is what the tab shows). */
interface GuideData {
  id: string;
  title: string;
  description: string | null;
  steps: { id: string; seq: number; text: string }[];
}

/**
 * A guide item opened in the Onboarding tab: the guide's title, description and steps as an ordered
 * list, "Show me on the page" (closes the panel and starts the walkthrough) and "Mark as done". Opening it moves the item in progress; a guide that is not available (404:
 * unpublished, foreign, the walkthrough flag off) is one warning and a line saying so.
 */
export function Guide({
  rt,
  t,
  program,
  item,
  back,
}: {
  rt: Runtime;
  t: Messages;
  program: string;
  item: ProgramItem;
  back: () => void;
}) {
  const [guide, setGuide] = useState<GuideData | 'missing' | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    let live = true;
    rt.call<{ data: GuideData }>('GET', `widget/guides/${item.guide_id}`).then((r) => {
      if (!live) return;
      if (r.status === 200 && r.body) {
        setGuide(r.body.data);
        void rt.exp?.move(program, item.id, 'in_progress');
      } else {
        warn(`the guide ${item.guide_id} is not available (${describeError(r)})`);
        setGuide('missing');
      }
    });
    return () => {
      live = false;
    };
  }, [rt, program, item.id, item.guide_id]);
  useEffect(() => heading.current?.focus(), [guide]);
  return (
    <div class="guide">
      <button type="button" class="bk" onClick={back}>
        ← {t.toOnboarding}
      </button>
      {guide === 'missing' ? (
        <p role="status">{t.guideMissing}</p>
      ) : (
        guide && (
          <article aria-labelledby="guide-title">
            <h2 id="guide-title" ref={heading} tabIndex={-1}>
              {guide.title}
            </h2>
            {guide.description && <p class="meta">{guide.description}</p>}
            <ol>
              {guide.steps.map((s) => (
                <li key={s.id}>{s.text}</li>
              ))}
            </ol>
            {rt.config.features.walkthrough && rt.startWalkthrough && guide.steps.length > 0 && (
              <button
                type="button"
                class="btn"
                onClick={() => {
                  // The panel makes way for the walkthrough on the page.
                  rt.ui.set({ open: false });
                  rt.startWalkthrough?.(guide.id);
                }}
              >
                {t.showOnPage}
              </button>
            )}
            {item.state !== 'done' && (
              <button
                type="button"
                class="btn"
                onClick={async () => {
                  await rt.exp?.move(program, item.id, 'done');
                  back();
                }}
              >
                {t.markDone}
              </button>
            )}
          </article>
        )
      )}
    </div>
  );
}
