import type { components } from '../../../bff/openapi/schema';

type S = components['schemas'];
export type PortalExperience = S['PortalExperience'];
export type ListItem = S['PortalExperienceListItem'];
export type ExperienceType = ListItem['type'];
export type Targeting = S['ExperienceTargeting'];
export type UrlRule = S['ExperienceUrlRule'];
export type TourContent = S['TourContent'];
export type TourStep = S['TourStep'];
export type ProgramContent = S['ProgramContent'];
export type ProgramItem = S['ProgramItem'];
export type BannerContent = S['BannerContent'];
export type LauncherContent = S['LauncherContent'];
export type AnnouncementContent = S['AnnouncementContent'];
export type SurveyContent = S['SurveyContent'];
export type Frequency =
  | { kind: 'once' }
  | { kind: 'unlimited' }
  | { kind: 'limited'; times: number; days_apart: number };

/** A draft as the editor holds it: targeting, frequency (null for the types without one), content. */
export interface Draft<C = unknown> {
  targeting: Targeting;
  frequency: Frequency | null;
  content: C;
}

export const TYPE_LABEL: Record<ExperienceType, string> = {
  tour: 'Tour',
  program: 'Program',
  launcher: 'Launcher',
  banner: 'Banner',
  announcement: 'Announcement',
  survey: 'Survey',
  tracker: 'Tracker',
};

/** The types with a frequency; the others carry null. Banners take once or unlimited only. */
export const FREQUENCY_KINDS: Partial<Record<ExperienceType, Frequency['kind'][]>> = {
  tour: ['once', 'unlimited', 'limited'],
  survey: ['once', 'unlimited', 'limited'],
  banner: ['once', 'unlimited'],
};

export const emptyTargeting = (): Targeting => ({
  pages: { include: [], exclude: [] },
  audience: 'everyone',
  attributes: [],
  events: [],
  elements: [],
  triggers: {},
  window: { starts_at: null, ends_at: null },
  priority: 0,
});

/** What a new experience of each type starts with (the types whose content has required fields get them). */
export function starterContent(type: ExperienceType): unknown {
  switch (type) {
    case 'tour':
      return { steps: [], feedback: { enabled: false, question: 'How was this tour?' } };
    case 'program':
      return { sections: [] };
    case 'banner':
      return {
        message: 'Something new is here.',
        placement: 'top',
        dismissible: true,
        sticky: false,
        button: null,
        target: null,
      };
    case 'launcher':
      return {
        kind: 'beacon',
        target: { selector: 'body' },
        label: null,
        activation: 'hover',
        action: { type: 'tooltip', text: 'A tip.' },
      };
    case 'announcement':
      return { title: 'What’s new', body: '', distribution: 'badge', starts_at: null, ends_at: null };
    case 'survey':
      return { questions: [], placement: 'corner', thank_you: 'Thank you!' };
    default:
      return {};
  }
}
