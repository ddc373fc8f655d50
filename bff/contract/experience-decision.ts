import { createRoute, z } from '@hono/zod-openapi';
import type { Decision as DecisionRecord } from '../../server-core/experiences/decision/decide';
import { MAX_PAGE_URL_CHARS } from '../../server-core/experiences/decision/decide-experiences';
import type { IndexedExperience } from '../../server-core/experiences/decision/experience-index';
import { MAX_FACTS_PER_REPORT } from '../../server-core/experiences/decision/report-page-facts';
import { parsePageUrl } from '../../server-core/experiences/decision/url-match';
import { PROGRAM_ITEM_KINDS, PROGRAM_ITEM_STATES } from '../../server-core/experiences/definition';
import type { ExperienceType } from '../../server-core/experiences/experience';
import { errorResponses } from '../openapi/schemas';
import { DateTime, json, jsonBody, Ulid } from './common';
import { EXAMPLE_PAGE_URL } from './examples';
import { WidgetAnnouncements, WidgetBanner, WidgetLauncher, WidgetSurvey } from './experience-decision-views';
import { exampleDecision, exampleWatch } from './experience-examples';
import { previewHeaders } from './experience-preview';
import { VISITOR_TOKEN } from './operation-parts';
import { strictObject } from './strict-input';
import { WIDGET_TAG } from './widget-install';

/**
 * The server's decision for the page the widget is on (docs/decisions/experiences.md#the-decision), and
 * the element facts the widget reports for it.
 */

const PageUrl = z
  .string()
  .max(MAX_PAGE_URL_CHARS)
  .refine((v) => parsePageUrl(v) !== null, { message: 'An absolute http(s) URL.' })
  .openapi({
    description: `The page's URL (location.href): absolute http(s), at most ${MAX_PAGE_URL_CHARS} characters.`,
    example: EXAMPLE_PAGE_URL,
  });

const ProgramItem = z
  .object({
    id: z.string(),
    title: z.string(),
    description: z.string(),
    kind: z.enum(PROGRAM_ITEM_KINDS),
    tour_id: Ulid.optional().openapi({ description: 'kind tour: the tour to start.' }),
    guide_id: Ulid.optional().openapi({ description: 'kind guide: the guide to walk through.' }),
    article_slug: z.string().optional().openapi({ description: 'kind article: opens in Help.' }),
    url: z.string().optional().openapi({ description: 'kind url: where the item goes.' }),
    event_name: z
      .string()
      .optional()
      .openapi({ description: 'kind event: done when this custom event happens in the browser.' }),
    state: z
      .enum(PROGRAM_ITEM_STATES)
      .openapi({ description: "The person's state of the item; todo by default." }),
  })
  .openapi('WidgetProgramItem');

const Counts = {
  done: z.number().int().openapi({ description: 'Items done or skipped.' }),
  total: z.number().int(),
};

const Program = z
  .object({
    experience_id: Ulid,
    version_id: Ulid.openapi({ description: 'The live version (item states are kept by item id).' }),
    name: z.string(),
    session_id: Ulid.nullable().openapi({
      description: "The person's program session (the active one, else the newest); null before the first.",
    }),
    sections: z.array(
      z.object({ id: z.string(), title: z.string(), items: z.array(ProgramItem), ...Counts }),
    ),
    ...Counts,
    progress: z.number().openapi({ description: 'done / total, from 0 to 1.' }),
  })
  .openapi('WidgetProgram');

const AutoStart = z
  .object({
    type: z.enum(['tour', 'survey', 'announcement']).openapi({
      description:
        'tour: fetch it and start; survey: show the card (survey below); announcement: an unread popup entry ' +
        '(in announcements.items) opens in the panel.',
    }),
    experience_id: Ulid,
    version_id: Ulid,
    triggers: z
      .object({
        custom_event: z.string().optional(),
        time_on_page_seconds: z.number().optional(),
        scroll_depth_percent: z.number().optional(),
      })
      .openapi({ description: 'Browser triggers that must all hold before it starts ({}: at once).' }),
    survey: WidgetSurvey.optional().openapi({ description: 'type survey only: the card to show.' }),
  })
  .openapi('WidgetAutoStart');

const Resume = z
  .object({
    experience_id: Ulid,
    version_id: Ulid.openapi({ description: "The session's own version." }),
    session_id: Ulid,
    step_id: z.string().openapi({ description: 'The step to show again (step_cvid).' }),
  })
  .openapi('WidgetResume');

const Decision = z
  .object({
    launchers: z.array(WidgetLauncher).openapi({
      description:
        'Launchers for this page the person has not activated yet (activating one ends its delivery).',
    }),
    banners: z.array(WidgetBanner).openapi({
      description: 'Banners for this page: never a dismissed one, nor a seen `once` one.',
    }),
    announcements: WidgetAnnouncements,
    programs: z.array(Program).openapi({ description: 'Programs targeted at this person and page.' }),
    auto_start: AutoStart.nullable().openapi({
      description:
        'The intrusive slot: at most one tour, survey or unread popup announcement for this page view (the ' +
        'highest priority; ties by the older experience); null while a tour resumes here, or while a higher ' +
        'one waits on element facts.',
    }),
    resume: Resume.nullable().openapi({
      description:
        "The person's active tour session whose current step lives on this page (or on any page), else null.",
    }),
    preview: z
      .object({
        experience_id: Ulid,
        type: z.enum(['tour', 'program', 'survey', 'launcher', 'banner', 'announcement']),
        name: z.string(),
        expires_at: DateTime,
      })
      .nullable()
      .openapi({
        description:
          'The draft previewed in this tab (the X-Widget-Preview header of a createExperiencePreview link, ' +
          'valid), forced into this decision whatever its targeting, window and frequency, under its ' +
          'experience id as version id; null without a valid preview.',
      }),
    watch: z.array(z.object({ key: z.string(), selector: z.string() })).openapi({
      description:
        'Elements to observe: report whether each selector matches (booleans only) to ' +
        'widgetReportConditions under its key. An experience with element conditions is held back until ' +
        'its facts for this page are reported.',
    }),
  })
  .openapi('WidgetExperienceDecision');

const DecisionResponse = z.object({ data: Decision });

/** The preview a decision was made with: the token's experience and expiry, and the draft. */
export interface DecisionPreview {
  expiresAt: Date;
  experience: Pick<IndexedExperience, 'id' | 'type' | 'name'>;
}

export function decisionJson(d: DecisionRecord, preview?: DecisionPreview | null) {
  return {
    launchers: d.launchers,
    banners: d.banners,
    announcements: d.announcements,
    programs: d.programs.map((p) => ({
      experience_id: p.experience_id,
      version_id: p.version_id,
      name: p.name,
      session_id: p.session_id,
      sections: p.sections.map((s) => ({
        id: s.id,
        title: s.title,
        items: s.items.map((i) => ({
          id: i.id,
          title: i.title,
          description: i.description,
          kind: i.kind,
          ...(i.tour_id === undefined ? {} : { tour_id: i.tour_id }),
          ...(i.guide_id === undefined ? {} : { guide_id: i.guide_id }),
          ...(i.article_slug === undefined ? {} : { article_slug: i.article_slug }),
          ...(i.url === undefined ? {} : { url: i.url }),
          ...(i.event_name === undefined ? {} : { event_name: i.event_name }),
          state: i.state,
        })),
        done: s.done,
        total: s.total,
      })),
      done: p.done,
      total: p.total,
      progress: p.progress,
    })),
    auto_start: d.auto_start,
    resume: d.resume,
    preview: preview
      ? {
          experience_id: preview.experience.id,
          type: preview.experience.type as Exclude<ExperienceType, 'tracker'>,
          name: preview.experience.name,
          expires_at: preview.expiresAt.toISOString(),
        }
      : null,
    watch: d.watch,
  };
}

const FLAG_NOTE = '404 while feature.experiences.core is off.';

export const widgetExperienceDecision = createRoute({
  operationId: 'widgetExperienceDecision',
  method: 'get',
  path: '/widget/experiences',
  tags: [WIDGET_TAG],
  summary: "The server's decision of experiences for the page the widget is on",
  description:
    'Fetched on boot and on every route change. Targeting (window, audience, pages, contact attributes, ' +
    "contact events, element facts) and frequency are evaluated here against the person's sessions: the " +
    "visitor's, and for a verified visitor the contact's from any device. " +
    FLAG_NOTE,
  security: VISITOR_TOKEN,
  request: {
    headers: previewHeaders(),
    query: strictObject({ url: PageUrl.openapi({ param: { example: EXAMPLE_PAGE_URL } }) }),
  },
  responses: {
    200: { description: 'The decision.', content: json(DecisionResponse, { data: exampleDecision }) },
    ...errorResponses(401, 404, 422),
  },
});

const ConditionsRequest = strictObject({
  url: PageUrl,
  facts: z
    .record(z.string().max(64), z.boolean())
    .refine((f) => Object.keys(f).length <= MAX_FACTS_PER_REPORT, {
      message: `At most ${MAX_FACTS_PER_REPORT} facts.`,
    })
    .openapi({
      description:
        `Watch key → whether its selector matches on the page (at most ${MAX_FACTS_PER_REPORT}). ` +
        'Keys the decision never asked for are ignored.',
      example: { [exampleWatch.key]: true },
    }),
}).openapi('WidgetReportConditionsRequest');

export const widgetReportConditions = createRoute({
  operationId: 'widgetReportConditions',
  method: 'post',
  path: '/widget/experiences/conditions',
  tags: [WIDGET_TAG],
  summary: 'Report element facts for the page (booleans only) and get the new decision',
  description:
    "The widget observes the selectors of the decision's `watch` list and reports whether each matches; " +
    'the facts are kept for this visitor and page for a day and the answer is the decision with them. ' +
    FLAG_NOTE,
  security: VISITOR_TOKEN,
  request: {
    headers: previewHeaders(),
    body: jsonBody(ConditionsRequest, { url: EXAMPLE_PAGE_URL, facts: { [exampleWatch.key]: true } }),
  },
  responses: {
    200: { description: 'The new decision.', content: json(DecisionResponse, { data: exampleDecision }) },
    ...errorResponses(401, 404, 415, 422),
  },
});
