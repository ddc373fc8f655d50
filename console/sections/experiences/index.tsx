import type { SectionProps } from '../../shell/types';

// A placeholder from the console shell: the helper building the Experiences section replaces this file entirely.
export default function ExperiencesSection(_props: SectionProps) {
  return <h1>Experiences</h1>;
}
