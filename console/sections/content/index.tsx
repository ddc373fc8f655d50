import type { SectionProps } from '../../shell/types';

// A placeholder from the console shell: the helper building the Content section replaces this file entirely.
export default function ContentSection(_props: SectionProps) {
  return <h1>Content</h1>;
}
