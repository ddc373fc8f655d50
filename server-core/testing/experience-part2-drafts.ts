import type {
  AnnouncementContent,
  BannerContent,
  Definition,
  Frequency,
  LauncherContent,
  SurveyContent,
  SurveyQuestion,
  Targeting,
  TrackerContent,
} from '../experiences/definition';
import { targeting } from './experiences';

/**
 * Published definitions of the launcher, banner, announcement, survey and tracker types, for tests and
 * benchmarks that write experiences straight into the tables (server-core/testing/experiences.ts's
 * insertExperience). Each is valid as the authoring checks see it; what a test changes is given.
 */

export function launcherDefinition(
  opts: { targeting?: Partial<Targeting>; content?: Partial<LauncherContent> } = {},
): Definition<LauncherContent> {
  return {
    targeting: targeting(opts.targeting),
    frequency: null,
    content: {
      kind: 'beacon',
      target: { selector: '#billing' },
      label: null,
      activation: 'hover',
      action: { type: 'tooltip', text: 'Invoices live here.' },
      ...opts.content,
    },
  };
}

export function bannerDefinition(
  opts: { targeting?: Partial<Targeting>; frequency?: Frequency; content?: Partial<BannerContent> } = {},
): Definition<BannerContent> {
  return {
    targeting: targeting(opts.targeting),
    frequency: opts.frequency ?? { kind: 'once' },
    content: {
      message: 'Scheduled maintenance on Sunday.',
      button: { label: 'Read more', url: 'https://status.example.com', action: null },
      placement: 'top',
      target: null,
      sticky: true,
      dismissible: true,
      ...opts.content,
    },
  };
}

export function announcementDefinition(
  opts: { targeting?: Partial<Targeting>; content?: Partial<AnnouncementContent> } = {},
): Definition<AnnouncementContent> {
  return {
    targeting: targeting(opts.targeting),
    frequency: null,
    content: {
      distribution: 'badge',
      title: 'Exports are faster',
      body: 'Invoices now export in seconds.',
      starts_at: null,
      ends_at: null,
      ...opts.content,
    },
  };
}

/** Three questions: an NPS filed under `nps_score`, a choice and a freetext. */
export const surveyQuestions = (): SurveyQuestion[] => [
  { id: 'q-nps', kind: 'nps', prompt: 'How likely are you to recommend us?', attribute_key: 'nps_score' },
  {
    id: 'q-choice',
    kind: 'choice',
    prompt: 'What do you use most?',
    attribute_key: null,
    multiple: false,
    options: [
      { id: 'o-reports', label: 'Reports' },
      { id: 'o-exports', label: 'Exports' },
      { id: 'o-api', label: 'The API' },
    ],
  },
  { id: 'q-text', kind: 'freetext', prompt: 'What should we improve?', attribute_key: null, placeholder: '' },
];

export function surveyDefinition(
  opts: {
    targeting?: Partial<Targeting>;
    frequency?: Frequency;
    questions?: SurveyQuestion[];
    placement?: SurveyContent['placement'];
  } = {},
): Definition<SurveyContent> {
  return {
    targeting: targeting(opts.targeting),
    frequency: opts.frequency ?? { kind: 'once' },
    content: {
      questions: opts.questions ?? surveyQuestions(),
      placement: opts.placement ?? 'corner',
      thank_you: 'Thank you!',
    },
  };
}

export function trackerDefinition(
  opts: { targeting?: Partial<Targeting>; eventName?: string } = {},
): Definition<TrackerContent> {
  return {
    targeting: targeting(opts.targeting),
    frequency: null,
    content: { event_name: opts.eventName ?? 'pricing_viewed' },
  };
}
