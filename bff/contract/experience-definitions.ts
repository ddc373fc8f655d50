import { z } from '@hono/zod-openapi';
import type { ZodType } from 'zod';
import { ATTRIBUTE_KEY } from '../../server-core/contacts/attribute-rules';
import { EVENT_NAME } from '../../server-core/events/event-rules';
import {
  ANNOUNCEMENT_DISTRIBUTIONS,
  ATTRIBUTE_OPS,
  AUDIENCES,
  BANNER_ACTIONS,
  BANNER_PLACEMENTS,
  DEFINITION_ID,
  type DefinitionInput,
  defaultTargeting,
  DEFINITION_LIMITS as L,
  LAUNCHER_ACTIVATIONS,
  LAUNCHER_KINDS,
  PROGRAM_ITEM_KINDS,
  SURVEY_PLACEMENTS,
  URL_MATCH_KINDS,
} from '../../server-core/experiences/definition';
import type { ExperienceType } from '../../server-core/experiences/experience';
import { DomainError } from '../../server-core/lib/errors';
import { DateTime, Ulid } from './common';
import { parameterName, strictObject } from './strict-input';

/**
 * The definition of an experience, `{ targeting, frequency, content }`, one schema per type: the shape of
 * server-core/experiences/definition.ts with its limits (DEFINITION_LIMITS). Fields with a default may be
 * left out of a request; answers carry every field and every id. Every object is strict, as every request
 * object is (an unknown key is 422 parameter_unknown naming its path, `draft.content.steps.0.colour`); the
 * answers use the same schemas, which only ever hold declared keys. The domain rules (regexes RE2 compiles,
 * sane URL values, cross-field rules, references) are server-core's (check-definition.ts).
 */

const text = (max: number, example?: string) =>
  z
    .string()
    .max(max)
    .openapi(example === undefined ? {} : { example });
const required = (max: number, example: string) => z.string().min(1).max(max).openapi({ example });

const DefinitionId = z.string().regex(DEFINITION_ID).openapi({
  description: 'Stable across drafts and versions; assigned (a ULID) on save when left out.',
  example: '01jd2m7r3x8k9q4w5e6t7y8v9a',
});
const EventName = z.string().regex(EVENT_NAME).openapi({ example: 'signed_up' });
const AttributeKey = z.string().regex(ATTRIBUTE_KEY).openapi({ example: 'plan' });
const Selector = strictObject({ selector: required(L.selectorChars, '#billing') });
const Link = required(L.linkChars, '/billing/invoices').openapi({
  description: 'An http(s) URL, or a path on the same site starting with /.',
});

export const UrlRuleSchema = strictObject({
  match: z.enum(URL_MATCH_KINDS),
  value: required(L.urlValueChars, '/pricing').openapi({
    description:
      'Starting with /: matched against the path and query; otherwise against the whole URL (http or https). ' +
      `regex: RE2 syntax (no lookaround or backreferences), at most ${L.regexChars} characters.`,
  }),
}).openapi('ExperienceUrlRule');

const AttributeCondition = strictObject({
  key: AttributeKey,
  op: z.enum(ATTRIBUTE_OPS),
  value: z
    .union([text(L.attributeValueChars), z.number(), z.boolean()])
    .optional()
    .openapi({ description: 'Left out for exists and not_exists; a number for greater_than and less_than.' }),
});

const EventCondition = strictObject({
  name: EventName,
  did: z.boolean(),
  at_least: z.number().int().min(1).max(L.maxAtLeast).optional(),
  within_days: z.number().int().min(1).max(L.maxEventWithinDays).optional(),
});

export const TargetingSchema = strictObject({
  pages: strictObject({
    include: z
      .array(UrlRuleSchema)
      .max(L.urlRulesPerList)
      .default(() => []),
    exclude: z
      .array(UrlRuleSchema)
      .max(L.urlRulesPerList)
      .default(() => []),
  }).default(() => ({ include: [], exclude: [] })),
  audience: z.enum(AUDIENCES).default('everyone'),
  attributes: z
    .array(AttributeCondition)
    .max(L.attributeConditions)
    .default(() => []),
  events: z
    .array(EventCondition)
    .max(L.eventConditions)
    .default(() => []),
  elements: z
    .array(strictObject({ selector: required(L.selectorChars, '#billing'), present: z.boolean() }))
    .max(L.elementConditions)
    .default(() => []),
  triggers: strictObject({
    custom_event: EventName.optional(),
    time_on_page_seconds: z.number().int().min(0).max(L.maxTimeOnPageSeconds).optional(),
    scroll_depth_percent: z.number().int().min(0).max(100).optional(),
  }).default(() => ({})),
  window: strictObject({
    starts_at: DateTime.nullable().default(null),
    ends_at: DateTime.nullable().default(null),
  }).default(() => ({ starts_at: null, ends_at: null })),
  priority: z.number().int().min(0).max(L.maxPriority).default(0),
}).openapi('ExperienceTargeting', {
  description:
    'Who and where: pages (include empty: every page), audience, contact attributes, contact events, ' +
    'elements on the page, browser triggers, a time window, and a priority (higher first).',
});

const Once = strictObject({ kind: z.literal('once') }).openapi('FrequencyOnce');
const Unlimited = strictObject({ kind: z.literal('unlimited') }).openapi('FrequencyUnlimited');
const Limited = strictObject({
  kind: z.literal('limited'),
  times: z.number().int().min(1).max(L.frequencyMaxTimes),
  days_apart: z.number().int().min(0).max(L.frequencyMaxDaysApart),
}).openapi('FrequencyLimited');
const AnyFrequency = z
  .discriminatedUnion('kind', [Once, Unlimited, Limited])
  .default({ kind: 'once' })
  .openapi({ description: 'Tours and surveys: once, unlimited, or limited times with days apart.' });
const BannerFrequency = z
  .discriminatedUnion('kind', [Once, Unlimited])
  .default({ kind: 'once' })
  .openapi({ description: 'Banners: once or unlimited.' });
const NoFrequency = z.null().default(null).openapi({ description: 'This type has no frequency.' });

const targeting = () => TargetingSchema.default(defaultTargeting);

export const TourStepSchema = strictObject({
  id: DefinitionId.optional(),
  title: text(L.stepTitleChars, 'Create a project').default(''),
  body: text(L.stepBodyChars, 'Projects hold your work.').default(''),
  target: Selector.nullable()
    .default(null)
    .openapi({ description: 'The element the step points at; null for a modal step.' }),
  placement: z.enum(['auto', 'top', 'bottom', 'left', 'right']).default('auto'),
  page: UrlRuleSchema.nullable()
    .default(null)
    .openapi({ description: 'The page the step lives on; null: any.' }),
  advance: z.enum(['next', 'target_click']).default('next'),
  wait_ms: z.number().int().min(0).max(L.maxWaitMs).default(L.defaultWaitMs),
}).openapi('TourStep');

export const TourContentSchema = strictObject({
  steps: z
    .array(TourStepSchema)
    .max(L.tourSteps)
    .default(() => []),
  feedback: strictObject({
    enabled: z.boolean().default(false),
    question: text(L.feedbackQuestionChars, 'How was this tour?').default('How was this tour?'),
  }).default(() => ({ enabled: false, question: 'How was this tour?' })),
}).openapi('TourContent');

const ProgramItemSchema = strictObject({
  id: DefinitionId.optional(),
  title: required(L.itemTitleChars, 'Invite your team'),
  description: text(L.itemDescriptionChars).default(''),
  kind: z.enum(PROGRAM_ITEM_KINDS),
  tour_id: Ulid.optional().openapi({ description: 'kind tour: a tour of this workspace.' }),
  guide_id: Ulid.optional().openapi({ description: 'kind guide: a guide of this workspace.' }),
  article_slug: z
    .string()
    .max(120)
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/)
    .optional()
    .openapi({ description: 'kind article: a public article.', example: 'reset-your-password' }),
  url: Link.optional().openapi({ description: 'kind url.' }),
  event_name: EventName.optional().openapi({ description: 'kind event: done when this event happens.' }),
}).openapi('ProgramItem', { description: 'Only the field of its kind is set.' });

export const ProgramContentSchema = strictObject({
  sections: z
    .array(
      strictObject({
        id: DefinitionId.optional(),
        title: text(L.itemTitleChars, 'Get started').default(''),
        items: z
          .array(ProgramItemSchema)
          .max(L.programItemsPerSection)
          .default(() => []),
      }),
    )
    .max(L.programSections)
    .default(() => []),
}).openapi('ProgramContent');

const LauncherAction = z.discriminatedUnion('type', [
  strictObject({ type: z.literal('tooltip'), text: required(L.tooltipChars, 'Export invoices here.') }),
  strictObject({ type: z.literal('start_tour'), tour_id: Ulid }),
  strictObject({ type: z.literal('open_help') }),
  strictObject({ type: z.literal('open_url'), url: Link }),
]);

export const LauncherContentSchema = strictObject({
  kind: z.enum(LAUNCHER_KINDS),
  target: Selector,
  label: text(L.launcherLabelChars, 'Help').nullable().default(null).openapi({
    description: 'The text of a button launcher (required there); null for a beacon or an icon.',
  }),
  activation: z.enum(LAUNCHER_ACTIVATIONS).default('hover'),
  action: LauncherAction,
}).openapi('LauncherContent');

export const BannerContentSchema = strictObject({
  message: required(L.bannerMessageChars, 'New: invoice exports'),
  button: strictObject({
    label: required(L.buttonLabelChars, 'See how'),
    url: Link.nullable().default(null),
    action: z.enum(BANNER_ACTIONS).nullable().default(null),
  })
    .nullable()
    .default(null)
    .openapi({ description: 'At most one button: a url or an action, exactly one of them.' }),
  placement: z.enum(BANNER_PLACEMENTS).default('top'),
  target: Selector.nullable().default(null).openapi({
    description: 'The element of a before, after or inside_top banner; null for top and bottom.',
  }),
  sticky: z.boolean().default(false).openapi({ description: 'top and bottom only.' }),
  dismissible: z.boolean().default(true),
}).openapi('BannerContent');

export const AnnouncementContentSchema = strictObject({
  distribution: z.enum(ANNOUNCEMENT_DISTRIBUTIONS).default('badge'),
  title: required(L.announcementTitleChars, 'Invoice exports'),
  body: text(L.announcementBodyChars, 'Export any month from Billing.').default(''),
  starts_at: DateTime.nullable().default(null),
  ends_at: DateTime.nullable().default(null),
}).openapi('AnnouncementContent');

const question = {
  id: DefinitionId.optional(),
  prompt: required(L.questionPromptChars, 'How likely are you to recommend us?'),
  attribute_key: AttributeKey.nullable()
    .default(null)
    .openapi({ description: 'A contact attribute key the answer is filed under; null for none.' }),
};
const SurveyQuestionSchema = z.discriminatedUnion('kind', [
  strictObject({ kind: z.literal('nps'), ...question }).openapi('SurveyNpsQuestion'),
  strictObject({ kind: z.literal('rating'), ...question }).openapi('SurveyRatingQuestion'),
  strictObject({
    kind: z.literal('scale'),
    ...question,
    min: z.number().int().min(L.scaleMin).max(L.scaleMax).default(1),
    max: z.number().int().min(L.scaleMin).max(L.scaleMax).default(5),
    min_label: text(L.scaleLabelChars).default(''),
    max_label: text(L.scaleLabelChars).default(''),
  }).openapi('SurveyScaleQuestion'),
  strictObject({
    kind: z.literal('choice'),
    ...question,
    options: z
      .array(strictObject({ id: DefinitionId.optional(), label: required(L.optionLabelChars, 'Pricing') }))
      .min(2)
      .max(L.choiceOptions),
    multiple: z.boolean().default(false),
  }).openapi('SurveyChoiceQuestion'),
  strictObject({
    kind: z.literal('freetext'),
    ...question,
    placeholder: text(L.placeholderChars).default(''),
  }).openapi('SurveyFreetextQuestion'),
]);

export const SurveyContentSchema = strictObject({
  questions: z
    .array(SurveyQuestionSchema)
    .max(L.surveyQuestions)
    .default(() => []),
  placement: z.enum(SURVEY_PLACEMENTS).default('corner'),
  thank_you: text(L.thankYouChars, 'Thank you!').default('Thank you!'),
}).openapi('SurveyContent');

export const TrackerContentSchema = strictObject({ event_name: EventName }).openapi('TrackerContent', {
  description: 'The contact event recorded on the pages the tracker targets.',
});

const definition = <F extends ZodType, C extends ZodType>(name: string, frequency: F, content: C) =>
  strictObject({ targeting: targeting(), frequency, content }).openapi(name);

export const TourDefinition = definition('TourDefinition', AnyFrequency, TourContentSchema);
export const ProgramDefinition = definition('ProgramDefinition', NoFrequency, ProgramContentSchema);
export const LauncherDefinition = definition('LauncherDefinition', NoFrequency, LauncherContentSchema);
export const BannerDefinition = definition('BannerDefinition', BannerFrequency, BannerContentSchema);
export const AnnouncementDefinition = definition(
  'AnnouncementDefinition',
  NoFrequency,
  AnnouncementContentSchema,
);
export const SurveyDefinition = definition('SurveyDefinition', AnyFrequency, SurveyContentSchema);
export const TrackerDefinition = definition('TrackerDefinition', NoFrequency, TrackerContentSchema);

export const DEFINITION_SCHEMAS: { readonly [T in ExperienceType]: ZodType } = {
  tour: TourDefinition,
  program: ProgramDefinition,
  launcher: LauncherDefinition,
  banner: BannerDefinition,
  announcement: AnnouncementDefinition,
  survey: SurveyDefinition,
  tracker: TrackerDefinition,
};

/** Any type's definition, for answers and for the update body (checked against the experience's type). */
export const AnyDefinition = z.union([
  TourDefinition,
  ProgramDefinition,
  LauncherDefinition,
  BannerDefinition,
  AnnouncementDefinition,
  SurveyDefinition,
  TrackerDefinition,
]);

/** The refs of every type's definition, as the document shows a draft whose type the path decides. */
export const DEFINITION_REFS = [
  'TourDefinition',
  'ProgramDefinition',
  'LauncherDefinition',
  'BannerDefinition',
  'AnnouncementDefinition',
  'SurveyDefinition',
  'TrackerDefinition',
].map((name) => ({ $ref: `#/components/schemas/${name}` }));

/** What the schemas produce is what server-core takes (the compiler checks it here). */
export function asInput(parsed: z.output<typeof AnyDefinition>): DefinitionInput {
  return parsed;
}

/** Each type's definition as the `draft` of a body, so issues and unknown keys are named from `draft`. */
const draftBodies = Object.fromEntries(
  Object.entries(DEFINITION_SCHEMAS).map(([type, schema]) => [type, strictObject({ draft: schema })]),
) as unknown as { readonly [T in ExperienceType]: z.ZodType<{ draft: unknown }> };

/**
 * A draft checked against its experience's type, as a request's `draft` field. A key the type's definition
 * does not declare is 422 parameter_unknown naming its dotted path (`draft.content.steps.0.colour`), before
 * any other issue, as the validation hook answers for the rest of a body; any other issue is 422
 * validation_failed naming each issue's path from `draft` (e.g. `draft.content.steps.2.target.selector`).
 */
export function parseDraft(type: ExperienceType, value: unknown): DefinitionInput {
  const parsed = draftBodies[type].safeParse({ draft: value });
  if (parsed.success) return asInput(parsed.data.draft as z.output<typeof AnyDefinition>);
  const unknown = parsed.error.issues.find((i) => i.code === 'unrecognized_keys');
  if (unknown) {
    throw new DomainError(
      'parameter_unknown',
      { parameter: parameterName(unknown.path, unknown.keys[0] ?? ''), location: 'body' },
      unknown.message,
    );
  }
  throw new DomainError('validation_failed', {
    location: 'body',
    issues: parsed.error.issues.map((i) => ({ path: i.path.join('.'), code: i.code, message: i.message })),
  });
}
