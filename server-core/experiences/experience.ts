export const EXPERIENCE_TYPES = [
  'tour',
  'program',
  'launcher',
  'banner',
  'announcement',
  'survey',
  'tracker',
] as const;
export type ExperienceType = (typeof EXPERIENCE_TYPES)[number];
export type ExperienceStatus = 'draft' | 'published' | 'archived';

/** Types with sessions; the others leave seen markers (spec section 2, progress rows). */
export const SESSIONED_TYPES: readonly ExperienceType[] = ['tour', 'program', 'survey'];

export interface Experience {
  id: string;
  type: ExperienceType;
  name: string;
  slug: string;
  status: ExperienceStatus;
  live_version_id: string | null;
  created_at: Date;
  updated_at: Date;
}

export const EXPERIENCE_COLUMNS = 'id, type, name, slug, status, live_version_id, created_at, updated_at';
