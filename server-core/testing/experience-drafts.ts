import {
  type BannerContent,
  DEFINITION_LIMITS,
  type DefinitionInput,
  defaultTargeting,
  type Frequency,
  type OptionalIds,
  type ProgramItem,
  type TourStep,
} from '../experiences/definition';

/** Drafts for tests: valid definitions of each type, with what a test changes given. */

export const tourStep = (
  title: string,
  over: Partial<OptionalIds<TourStep>> = {},
): OptionalIds<TourStep> => ({
  title,
  body: `${title}.`,
  target: null,
  placement: 'auto',
  page: null,
  advance: 'next',
  wait_ms: DEFINITION_LIMITS.defaultWaitMs,
  ...over,
});

export function tourDraft(
  steps: OptionalIds<TourStep>[] = [tourStep('Welcome'), tourStep('Projects')],
  over: { frequency?: Frequency | null; feedback?: boolean } = {},
): DefinitionInput {
  return {
    targeting: defaultTargeting(),
    frequency: over.frequency === undefined ? { kind: 'once' } : over.frequency,
    content: { steps, feedback: { enabled: over.feedback ?? false, question: 'How was this tour?' } },
  };
}

export function programDraft(items: OptionalIds<ProgramItem>[]): DefinitionInput {
  return {
    targeting: defaultTargeting(),
    frequency: null,
    content: { sections: [{ title: 'Get started', items }] },
  };
}

export const urlItem = (title: string): OptionalIds<ProgramItem> => ({
  title,
  description: '',
  kind: 'url',
  url: `/docs/${title.toLowerCase().replaceAll(' ', '-')}`,
});

export function bannerDraft(over: Partial<BannerContent> = {}): DefinitionInput {
  return {
    targeting: defaultTargeting(),
    frequency: { kind: 'once' },
    content: {
      message: 'Spring sale',
      button: null,
      placement: 'top',
      target: null,
      sticky: false,
      dismissible: true,
      ...over,
    },
  };
}
