import { useEffect, useRef, useState } from 'preact/hooks';
import type { HelpArticle, Runtime } from '../../core/runtime';
import { type Catalog, fill, type Messages } from '../../ui/messages';
import { ArticleBody } from './article-body';

/** "Updated 3 May 2025" in the panel's language (the date alone when Intl cannot format it). */
function updated(cat: Catalog, iso: string): string {
  let date = iso.slice(0, 10);
  try {
    date = new Intl.DateTimeFormat(cat.lang, { dateStyle: 'long' }).format(new Date(iso));
  } catch {
    // an engine without this locale keeps the ISO date
  }
  return fill(cat.t.updated, { date });
}

/** "Was this helpful?": one vote per visitor and article, changeable (widgetArticleFeedback). */
function Feedback({ rt, t, articleId }: { rt: Runtime; t: Messages; articleId: string }) {
  const [vote, setVote] = useState<boolean | null>(null);
  const [sent, setSent] = useState<'no' | 'yes' | 'failed'>('no');
  const send = async (helpful: boolean) => {
    setVote(helpful);
    const reply = await rt.call('POST', `widget/articles/${articleId}/feedback`, { helpful });
    setSent(reply.status === 200 ? 'yes' : 'failed');
  };
  return (
    <fieldset class="fb">
      <legend>{t.helpful}</legend>
      <button type="button" aria-pressed={vote === true} onClick={() => send(true)}>
        {t.yes}
      </button>
      <button type="button" aria-pressed={vote === false} onClick={() => send(false)}>
        {t.no}
      </button>
      <p role="status" class="status">
        {sent === 'yes' ? t.thanks : sent === 'failed' ? t.notSent : ''}
      </p>
    </fieldset>
  );
}

/** One article: title, updated date, body, and the feedback question. Focus moves to the title. */
export function Article({ rt, cat, slug }: { rt: Runtime; cat: Catalog; slug: string }) {
  const { t } = cat;
  const [article, setArticle] = useState<HelpArticle | null | 'missing'>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    let live = true;
    setArticle(null);
    rt.call<{ data: HelpArticle }>('GET', `widget/help/articles/${encodeURIComponent(slug)}`).then((r) => {
      if (live) setArticle(r.status === 200 && r.body ? r.body.data : 'missing');
    });
    return () => {
      live = false;
    };
  }, [rt, slug]);
  useEffect(() => heading.current?.focus(), [article]);
  if (article === null) return <p role="status">{t.loading}</p>;
  if (article === 'missing') return <p role="status">{t.missing}</p>;
  return (
    <article aria-labelledby="article-title">
      <h2 id="article-title" ref={heading} tabIndex={-1}>
        {article.title}
      </h2>
      <p class="meta">{updated(cat, article.updated_at)}</p>
      <div class="prose">
        <ArticleBody html={article.body_html} />
      </div>
      <Feedback key={article.id} rt={rt} t={t} articleId={article.id} />
    </article>
  );
}
