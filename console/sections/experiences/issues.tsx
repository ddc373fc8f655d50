import { createContext } from 'preact';
import { useContext } from 'preact/hooks';

/** The server's 422 issues of the last save, by path (`draft.targeting.events.0.name`). */
export const IssuesContext = createContext<Record<string, string>>({});

/** The issues of the last save (read once at the top of a component; `issue` looks one up). */
export const useIssues = () => useContext(IssuesContext);

/**
 * The issue the server named for `path`: the attributes that tie a control to it (aria-invalid and
 * aria-describedby) and the message to show next to the control.
 */
export function issue(issues: Record<string, string>, path: string) {
  const message = issues[path];
  const id = `issue-${path.replace(/[^a-z0-9_-]/gi, '-')}`;
  return {
    props: message ? { 'aria-invalid': true as const, 'aria-describedby': id } : {},
    note: message ? (
      <span class="field-error" id={id}>
        {message}
      </span>
    ) : null,
  };
}
