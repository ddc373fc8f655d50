import { useRef, useState } from 'preact/hooks';
import type { WidgetAttachment, WidgetConversation } from '../../core/chat';
import type { Runtime } from '../../core/runtime';
import { type Catalog, fill, type Messages } from '../../ui/messages';
import { CLIP } from './icons';

/** The Chat tab's view of a new conversation (rt.ui `conversation`). */
export const NEW = 'new';

/** "27 Nov 2026, 14:02" in the panel's language (the ISO text when Intl cannot). */
export function when(lang: string, iso: string): string {
  try {
    return new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
  } catch {
    return iso.slice(0, 16).replace('T', ' ');
  }
}

/**
 * A file in the conversation: "Checking the file for viruses" while scanned, "File blocked" (never a link)
 * when infected or unscannable, and once clean an image preview (a link to the full image) or a download
 * link named by the file. Links open outside the panel (a navigation would replace the panel document).
 */
export function Attachment({ file, t }: { file: WidgetAttachment; t: Messages }) {
  const url = file.status === 'clean' ? file.download_url : null;
  if (!url)
    return (
      <p class={`file ${file.status}`}>
        {CLIP}
        <span>{file.name}</span>
        <em>{file.status === 'blocked' ? t.blocked : t.scanning}</em>
      </p>
    );
  return file.type.startsWith('image/') ? (
    <a class="preview" href={url} target="_blank" rel="noopener">
      <img src={url} alt={file.name} />
    </a>
  ) : (
    <a class="file" href={url} target="_blank" rel="noopener" download={file.name}>
      {CLIP}
      <span>{file.name}</span>
    </a>
  );
}

/** "Attach a file": a button opening the file picker (only the boot config's types are offered). */
export function AttachButton({
  t,
  types,
  busy,
  pick,
}: {
  t: Messages;
  types: string[];
  busy: boolean;
  pick: (file: File) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={input}
        type="file"
        hidden
        accept={types.join(',')}
        onChange={(e) => {
          const el = e.target as HTMLInputElement;
          const file = el.files?.[0];
          el.value = '';
          if (file) pick(file);
        }}
      />
      <button
        type="button"
        class="icon"
        aria-label={t.attach}
        disabled={busy}
        onClick={() => input.current?.click()}
      >
        {CLIP}
      </button>
    </>
  );
}

/**
 * CSAT: a radio group "Rate this conversation" (1 to 5; arrow keys move within it, as any radio group)
 * and "Send rating" (widgetRateConversation); the answer replaces the conversation shown.
 */
export function Rating({
  rt,
  cat,
  id,
  done,
}: {
  rt: Runtime;
  cat: Catalog;
  id: string;
  done: (c: WidgetConversation) => void;
}) {
  const { t } = cat;
  const [score, setScore] = useState(0);
  const [failed, setFailed] = useState(false);
  const send = async () => {
    if (!score) return;
    const r = await rt.call<{ data: WidgetConversation }>('POST', `widget/conversations/${id}/rating`, {
      score,
    });
    setFailed(!(r.status === 200 && r.body));
    if (r.status === 200 && r.body) done(r.body.data);
  };
  return (
    <form
      class="card csat"
      onSubmit={(e) => {
        e.preventDefault();
        void send();
      }}
    >
      <div role="radiogroup" aria-labelledby="csat-q">
        <p id="csat-q">{t.rate}</p>
        {[1, 2, 3, 4, 5].map((n) => (
          <label key={n}>
            <input
              type="radio"
              name="csat"
              value={n}
              checked={score === n}
              aria-label={fill(t.tourRate, { n })}
              onChange={() => setScore(n)}
            />
            <span aria-hidden="true">{n}</span>
          </label>
        ))}
      </div>
      <button type="submit" class="btn" disabled={!score}>
        {t.rateSend}
      </button>
      <p role="status" class="status">
        {failed ? t.msgNotSent : ''}
      </p>
    </form>
  );
}
