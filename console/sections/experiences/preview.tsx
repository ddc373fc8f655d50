import { useEffect, useState } from 'preact/hooks';
import { api, errorMessage, unwrap } from '../../api/client';
import type { ConsoleSession } from '../../shell/types';
import { Button, CopyButton, Dialog, Field } from '../../ui';
import type { PortalExperience } from './types';

const P = '/api/v1/workspaces/{workspaceId}/experiences/{experienceId}/preview' as const;
const ABSOLUTE = /^https?:\/\//i;

/** Types the widget shows on a page; a tracker only records events, so it has nothing to preview. */
const PREVIEWABLE = ['tour', 'program', 'survey', 'launcher', 'banner', 'announcement'];

interface Link {
  url: string;
  expires_at: string;
}

/**
 * The target page a preview is first offered on: the first include page rule when it is an absolute URL,
 * else the workspace's first verified domain (the site the widget is on; the list needs settings.manage,
 * so without it nothing is prefilled).
 */
function useSuggestedTarget(session: ConsoleSession, firstRule: string | undefined, open: boolean): string {
  const [domain, setDomain] = useState<string | null>(null);
  const fromRule = firstRule && ABSOLUTE.test(firstRule) ? firstRule : null;
  useEffect(() => {
    if (!open || fromRule || domain !== null) return;
    void api
      .GET('/api/v1/workspaces/{workspaceId}/verified-domains', {
        params: { path: { workspaceId: session.workspaceId }, query: { limit: 10 } },
      })
      .then(({ data }) => {
        const verified = data?.data.find((d) => d.status === 'verified');
        setDomain(verified ? `https://${verified.domain}/` : '');
      });
  }, [open, fromRule]);
  return fromRule ?? domain ?? '';
}

/**
 * The experience editor's Preview control (docs/decisions/experiences.md#the-preview-link): saves the draft,
 * asks for the page to open, makes a link with createExperiencePreview, opens it in a new tab and shows it
 * with a copy button. The link forces the draft for the browser tab that opens it, for 30 minutes.
 */
export function PreviewControl(props: {
  session: ConsoleSession;
  experience: PortalExperience;
  firstRule: string | undefined;
  /** Saves the draft first (a preview shows the saved draft); false when the save failed. */
  save(): Promise<boolean>;
  disabled: boolean;
}) {
  const { experience: e } = props;
  const [open, setOpen] = useState(false);
  const [url, setUrl] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [link, setLink] = useState<Link | null>(null);
  const suggested = useSuggestedTarget(props.session, props.firstRule, open);
  const target = url ?? suggested;

  if (!PREVIEWABLE.includes(e.type))
    return <p class="muted">A {e.type} shows nothing on the page, so it has no preview.</p>;
  if (e.status === 'archived') return null;

  const close = () => {
    setOpen(false);
    setError(null);
    setLink(null);
  };
  const submit = async (ev: Event) => {
    ev.preventDefault();
    setError(null);
    if (!(await props.save())) return close();
    try {
      const made = unwrap(
        await api.POST(P, {
          params: { path: { workspaceId: props.session.workspaceId, experienceId: e.id } },
          body: { url: target },
        }),
      ).data;
      setLink(made);
      window.open(made.url, '_blank', 'noopener');
    } catch (err) {
      setError(errorMessage(err));
    }
  };
  return (
    <>
      <Button disabled={props.disabled} onClick={() => setOpen(true)}>
        Preview
      </Button>
      {open && (
        <Dialog title="Preview this experience" onClose={close}>
          <p>
            Opens a page of your site with this draft shown for that browser tab only, whatever its targeting,
            schedule and frequency. Nothing it does is counted. The link works for 30 minutes.
          </p>
          <form onSubmit={submit}>
            <Field
              id="preview-url"
              label="Page to open"
              hint="A page of one of the workspace's verified domains, where the widget is installed."
              error={error}
            >
              <input
                id="preview-url"
                type="url"
                required
                aria-describedby={`preview-url-hint${error ? ' preview-url-error' : ''}`}
                value={target}
                onInput={(ev) => setUrl(ev.currentTarget.value)}
              />
            </Field>
            <div class="row">
              <Button type="submit" variant="primary">
                Save and open preview
              </Button>
              <Button onClick={close}>Close</Button>
            </div>
          </form>
          {link && (
            <div role="status">
              <p>
                Preview opened in a new tab. Link, valid until{' '}
                {new Date(link.expires_at).toLocaleTimeString()}:
              </p>
              <p>
                <a href={link.url} target="_blank" rel="noopener" class="preview-link">
                  {link.url}
                </a>
              </p>
              <CopyButton text={link.url} label="Copy preview link" />
            </div>
          )}
        </Dialog>
      )}
    </>
  );
}
