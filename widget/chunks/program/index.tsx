import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { ItemRef, ItemState, Program, ProgramItem } from '../../core/experiences';
import type { Runtime } from '../../core/runtime';
import { type Catalog, fill, type Messages } from '../../ui/messages';
import { adoptStyles } from '../../ui/sheet';
import { useStore } from '../../ui/use-store';
import { Guide } from './guide';
import { PROGRAM_CSS } from './styles';

const STATE: Record<ItemState, keyof Messages> = {
  todo: 'itemTodo',
  in_progress: 'itemActive',
  done: 'itemDone',
  skipped: 'itemSkipped',
};
const styled = new WeakSet<Document>();

/** A progress bar named by its heading, its value said in words ("2 of 5 done"), shown beside it. */
function Progress({ t, label, done, total }: { t: Messages; label: string; done: number; total: number }) {
  const text = fill(t.progress, { done, total });
  return (
    <div class="pg">
      <progress aria-labelledby={label} aria-valuetext={text} value={done} max={total || 1} />
      <span aria-hidden="true">{text}</span>
    </div>
  );
}

/**
 * One item: its state as a mark and in words, its title (a button that does the item, except for an
 * event item, which is done when its event happens in the page), its description, and Skip.
 */
function Item({
  rt,
  t,
  program,
  item,
  openGuide,
}: {
  rt: Runtime;
  t: Messages;
  program: Program;
  item: ProgramItem;
  openGuide: (ref: ItemRef) => void;
}) {
  const exp = rt.exp!;
  const pid = program.experience_id;
  const ref = { program: pid, item: item.id };
  const act = async () => {
    if (item.kind === 'tour') {
      // The tour plays on the page: the panel gets out of its way.
      rt.ui.set({ open: false });
      void exp.start(item.tour_id!, ref);
    } else if (item.kind === 'guide') openGuide(ref);
    else if (item.kind === 'article') {
      void exp.move(pid, item.id, 'done');
      rt.ui.set({ tab: 'help', article: item.article_slug!, help: rt.ui.get().help + 1 });
    } else if (item.kind === 'url') {
      await exp.move(pid, item.id, 'done');
      const to = new URL(item.url!, location.href);
      if (/^https?:$/.test(to.protocol)) location.assign(to.href);
    }
  };
  const st = `s-${item.id}`;
  const over = item.state === 'done' || item.state === 'skipped';
  const hint = item.kind === 'event' && !over;
  const desc = item.description || hint ? `d-${item.id}` : '';
  return (
    <li class={`it ${item.state}`}>
      <span class="mk" aria-hidden="true" />
      <div class="tx">
        {item.kind === 'event' ? (
          <b>{item.title}</b>
        ) : (
          <button
            type="button"
            class="go"
            data-item={item.id}
            aria-describedby={`${st} ${desc}`.trim()}
            onClick={act}
          >
            {item.title}
          </button>
        )}
        {desc && (
          <p id={desc}>
            {item.description}
            {hint && ` ${t.eventHint}`}
          </p>
        )}
        <span id={st} class="st">
          {t[STATE[item.state]]}
        </span>
      </div>
      {!over && (
        <button
          type="button"
          class="sk"
          aria-label={fill(t.skipItem, { title: item.title })}
          onClick={() => exp.move(pid, item.id, 'skipped')}
        >
          {t.skip}
        </button>
      )}
    </li>
  );
}

/**
 * The Onboarding tab (the program chunk's one export): each program delivered for the page, its
 * sections with their items and progress, kept current by the engine's store (item moves here, in
 * another tab over realtime, a tour completed, an event done). A guide item opens in the tab.
 */
export function Onboarding({ rt, cat }: { rt: Runtime; cat: Catalog }) {
  const { t } = cat;
  const { programs } = useStore(rt.exp!.state);
  const [guide, setGuide] = useState<ItemRef | null>(null);
  const [returnTo, setReturnTo] = useState<string | null>(null);
  const root = useRef<HTMLDivElement>(null);

  useLayoutEffect(() => {
    const doc = root.current!.ownerDocument;
    if (styled.has(doc)) return;
    styled.add(doc);
    adoptStyles(doc, PROGRAM_CSS, doc.defaultView as Window & typeof globalThis);
  }, []);
  useEffect(() => {
    if (returnTo && !guide)
      root.current?.querySelector<HTMLElement>(`[data-item="${CSS.escape(returnTo)}"]`)?.focus();
  }, [returnTo, guide]);

  const open = guide && programs.find((p) => p.experience_id === guide.program);
  const item = open?.sections.flatMap((s) => s.items).find((i) => i.id === guide!.item);
  return (
    <div ref={root}>
      {open && item ? (
        <Guide
          rt={rt}
          t={t}
          program={open.experience_id}
          item={item}
          back={() => {
            setReturnTo(item.id);
            setGuide(null);
          }}
        />
      ) : (
        programs.map((p) => (
          <section key={p.experience_id} class="card prog" aria-labelledby={`p-${p.experience_id}`}>
            <h2 id={`p-${p.experience_id}`}>{p.name}</h2>
            <Progress t={t} label={`p-${p.experience_id}`} done={p.done} total={p.total} />
            {p.sections.map((s) => (
              <section key={s.id} class="sec" aria-labelledby={`s-${p.experience_id}-${s.id}`}>
                <h3 id={`s-${p.experience_id}-${s.id}`}>{s.title}</h3>
                <Progress t={t} label={`s-${p.experience_id}-${s.id}`} done={s.done} total={s.total} />
                <ul class="items">
                  {s.items.map((i) => (
                    <Item key={i.id} rt={rt} t={t} program={p} item={i} openGuide={setGuide} />
                  ))}
                </ul>
              </section>
            ))}
          </section>
        ))
      )}
    </div>
  );
}
