import { useEffect, useRef } from 'preact/hooks';
import type { Experiences } from '../../core/experiences';
import type { Runtime } from '../../core/runtime';
import type { Catalog } from '../../ui/messages';
import { useStore } from '../../ui/use-store';
import { NEXT } from './icons';
import { readAnnouncement } from './news-read';

/** "3 May 2025" in the panel's language (the ISO date when Intl cannot). */
function day(lang: string, iso: string): string {
  try {
    return new Intl.DateTimeFormat(lang, { dateStyle: 'medium' }).format(new Date(iso));
  } catch {
    return iso.slice(0, 10);
  }
}

/**
 * The News section of Help's home: the announcements delivered for this page (newest first), each with
 * its date and an Unread mark until its detail is opened. Nothing when there are none.
 */
export function News({
  exp,
  cat,
  open,
  returnTo,
}: {
  exp: Experiences;
  cat: Catalog;
  open: (id: string) => void;
  returnTo: string | null;
}) {
  const items = useStore(exp.state).decision?.announcements.items ?? [];
  const list = useRef<HTMLUListElement>(null);
  useEffect(() => {
    if (returnTo) list.current?.querySelector<HTMLElement>(`[data-news="${CSS.escape(returnTo)}"]`)?.focus();
  }, [returnTo]);
  if (!items.length) return null;
  return (
    <section class="card news" aria-labelledby="news-h">
      <h2 id="news-h">{cat.t.news}</h2>
      <ul ref={list} class="hits">
        {items.map((a) => (
          <li key={a.experience_id}>
            <button
              type="button"
              class="hit"
              data-news={a.experience_id}
              aria-labelledby={`n-${a.experience_id}`}
              aria-describedby={`nd-${a.experience_id}`}
              onClick={() => open(a.experience_id)}
            >
              <span>
                <b id={`n-${a.experience_id}`}>{a.title}</b>
                <small id={`nd-${a.experience_id}`}>
                  {day(cat.lang, a.published_at)}
                  {!a.read && <i class="unread">{cat.t.unread}</i>}
                </small>
              </span>
              {NEXT}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** One entry's detail: title, date, body (line breaks kept) and Back to news; opening it reads it. */
export function NewsEntry({
  rt,
  cat,
  id,
  back,
}: {
  rt: Runtime;
  cat: Catalog;
  id: string;
  back: () => void;
}) {
  const { t } = cat;
  const a = useStore(rt.exp!.state).decision?.announcements.items.find((x) => x.experience_id === id);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (a) readAnnouncement(rt, a, location.href);
    heading.current?.focus();
  }, [id, !a]);
  return (
    <article aria-labelledby="news-title">
      <button type="button" class="btn alt" onClick={back}>
        {t.newsBack}
      </button>
      {a ? (
        <>
          <h2 id="news-title" ref={heading} tabIndex={-1}>
            {a.title}
          </h2>
          <p class="meta">{day(cat.lang, a.published_at)}</p>
          <p class="prose nb">{a.body}</p>
        </>
      ) : (
        <p role="status">{t.missing}</p>
      )}
    </article>
  );
}
