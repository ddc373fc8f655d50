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
 * Published definitions of the part-2 types for tests and benchmarks (write them with insertExperience): a
 * launcher, a banner, an announcement, a survey whose question ids match the documented examples
 * (`recommend`), and a tracker. Each is valid as the authoring checks see it; what a test changes is given.
 */

export function launcherDefinition(
  opts: { targeting?: Partial<Targeting>; content?: Partial<LauncherContent> } = {},
): Definition<LauncherContent> {
  return {
    targeting: targeting(opts.targeting),
    frequency: null,
    content: {
      kind: 'beacon',
      target: { selector: '#cart' },
      label: null,
      activation: 'hover',
      action: { type: 'tooltip', text: 'Your basket lives here.' },
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
      message: 'Free delivery this week.',
      button: { label: 'See how', url: null, action: 'open_help' },
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
      title: 'Gift cards are here',
      body: 'Buy one from the basket.',
      starts_at: null,
      ends_at: null,
      ...opts.content,
    },
  };
}

/** nps `recommend` (filed under nps_score), choice `came-for` (one of shoes/packs), freetext `improve`. */
export const SURVEY_QUESTIONS: SurveyQuestion[] = [
  { id: 'recommend', kind: 'nps', prompt: 'Recommend us?', attribute_key: 'nps_score' },
  {
    id: 'came-for',
    kind: 'choice',
    prompt: 'What brought you here?',
    attribute_key: null,
    multiple: false,
    options: [
      { id: 'shoes', label: 'Shoes' },
      { id: 'packs', label: 'Packs and bags' },
    ],
  },
  {
    id: 'improve',
    kind: 'freetext',
    prompt: 'What could we do better?',
    attribute_key: null,
    placeholder: '',
  },
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
      questions: opts.questions ?? SURVEY_QUESTIONS,
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
