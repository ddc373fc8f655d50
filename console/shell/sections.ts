import type { ComponentType } from 'preact';
import type { SectionProps } from './types';

export interface SectionEntry {
  id: string;
  label: string;
  load: () => Promise<{ default: ComponentType<SectionProps> }>;
}

/** The console's sections, in nav order; each one is a lazy chunk named after its folder. */
export const SECTIONS: readonly SectionEntry[] = [
  { id: 'inbox', label: 'Inbox', load: () => import('../sections/inbox/index.tsx') },
  { id: 'contacts', label: 'Contacts', load: () => import('../sections/contacts/index.tsx') },
  { id: 'content', label: 'Content', load: () => import('../sections/content/index.tsx') },
  { id: 'experiences', label: 'Experiences', load: () => import('../sections/experiences/index.tsx') },
  { id: 'settings', label: 'Settings', load: () => import('../sections/settings/index.tsx') },
];

export const findSection = (id: string | undefined): SectionEntry | undefined =>
  SECTIONS.find((s) => s.id === id);
