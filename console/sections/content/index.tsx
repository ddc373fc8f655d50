import type { SectionProps } from '../../shell/types';
import { ArticleEditor, ArticleList } from './articles';
import { CollectionList, GuideList, GuideView, PageList, UploadList } from './library';
import './content.css';

const TABS = [
  ['articles', 'Articles'],
  ['collections', 'Collections'],
  ['guides', 'Guides'],
  ['pages', 'Pages'],
  ['uploads', 'Uploads'],
] as const;

/** Content: articles and collections, guides, pages and uploads (/app/content/<tab>/<id>). */
export default function ContentSection({ session, path, navigate }: SectionProps) {
  if (!session.permissions.includes('content.manage')) {
    return (
      <>
        <h1>Content</h1>
        <p>Your role does not manage content (it needs content.manage).</p>
      </>
    );
  }
  const tab = TABS.some(([t]) => t === path[0]) ? path[0]! : 'articles';
  const id = path[1];
  return (
    <>
      <h1>Content</h1>
      <nav aria-label="Content">
        <ul class="subnav">
          {TABS.map(([t, label]) => (
            <li key={t}>
              <a href={`/app/content/${t}`} aria-current={t === tab ? 'page' : undefined}>
                {label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {tab === 'articles' &&
        (id ? (
          <ArticleEditor key={id} session={session} id={id} navigate={navigate} />
        ) : (
          <ArticleList session={session} />
        ))}
      {tab === 'collections' && <CollectionList session={session} />}
      {tab === 'guides' && (id ? <GuideView session={session} id={id} /> : <GuideList session={session} />)}
      {tab === 'pages' && <PageList session={session} />}
      {tab === 'uploads' && <UploadList session={session} />}
    </>
  );
}
