import type { SectionProps } from '../../shell/types';

// A placeholder from the console shell: the helper building the Inbox section replaces this file entirely.
export default function InboxSection(_props: SectionProps) {
  return <h1>Inbox</h1>;
}
