import type { SectionProps } from '../../shell/types';

// A placeholder from the console shell: the helper building the Contacts section replaces this file entirely.
export default function ContactsSection(_props: SectionProps) {
  return <h1>Contacts</h1>;
}
