import { z } from '@hono/zod-openapi';
import {
  ANNOUNCEMENT_DISTRIBUTIONS,
  BANNER_ACTIONS,
  BANNER_PLACEMENTS,
  LAUNCHER_ACTIVATIONS,
  LAUNCHER_KINDS,
  SURVEY_PLACEMENTS,
} from '../../server-core/experiences/definition';
import { DateTime, Ulid } from './common';

/**
 * The decision's launchers, banners, announcements and the survey of an auto_start, as the widget gets
 * them (docs/decisions/experiences.md, Part 2). Response shapes: every field present, no defaults.
 */

const ids = {
  experience_id: Ulid,
  version_id: Ulid.openapi({ description: 'The version delivered: post it back to widgetRecordSeen.' }),
};
const Selector = z.object({ selector: z.string() });

const LauncherAction = z
  .discriminatedUnion('type', [
    z.object({ type: z.literal('tooltip'), text: z.string() }),
    z.object({ type: z.literal('start_tour'), tour_id: Ulid }),
    z.object({ type: z.literal('open_help') }),
    z.object({ type: z.literal('open_url'), url: z.string() }),
  ])
  .openapi('WidgetLauncherAction');

export const WidgetLauncher = z
  .object({
    ...ids,
    kind: z.enum(LAUNCHER_KINDS),
    target: Selector.openapi({ description: 'The element it is anchored to.' }),
    label: z.string().nullable().openapi({ description: 'A button launcher’s text; null otherwise.' }),
    activation: z
      .enum(LAUNCHER_ACTIVATIONS)
      .openapi({ description: 'hover: hover or focus (a tap on touch screens); click: a click only.' }),
    action: LauncherAction,
  })
  .openapi('WidgetLauncher');

export const WidgetBanner = z
  .object({
    ...ids,
    message: z.string(),
    button: z
      .object({
        label: z.string(),
        url: z.string().nullable(),
        action: z.enum(BANNER_ACTIONS).nullable(),
      })
      .nullable()
      .openapi({ description: 'At most one button: a url or an action, exactly one of them set.' }),
    placement: z.enum(BANNER_PLACEMENTS),
    target: Selector.nullable().openapi({
      description: 'before, after, inside_top: the element; else null.',
    }),
    sticky: z.boolean().openapi({ description: 'top and bottom: stays in view while the page scrolls.' }),
    dismissible: z.boolean(),
  })
  .openapi('WidgetBanner');

export const WidgetAnnouncement = z
  .object({
    ...ids,
    title: z.string(),
    body: z.string().openapi({ description: 'Plain text; line breaks are kept.' }),
    distribution: z.enum(ANNOUNCEMENT_DISTRIBUTIONS),
    published_at: DateTime.openapi({ description: 'When its live version was published.' }),
    read: z.boolean().openapi({ description: 'true after the person first opened its detail.' }),
  })
  .openapi('WidgetAnnouncement');

export const WidgetAnnouncements = z
  .object({
    unread: z
      .number()
      .int()
      .openapi({ description: 'Unread badge and popup entries (silent ones never count).' }),
    items: z.array(WidgetAnnouncement).openapi({ description: 'Inside their window, newest first.' }),
  })
  .openapi('WidgetAnnouncements');

const questionBase = {
  id: z.string(),
  prompt: z.string(),
  attribute_key: z
    .string()
    .nullable()
    .openapi({ description: 'The answer is filed under this contact attribute (identified visitors).' }),
};

const WidgetSurveyQuestion = z
  .discriminatedUnion('kind', [
    z.object({ kind: z.literal('nps'), ...questionBase }),
    z.object({ kind: z.literal('rating'), ...questionBase }),
    z.object({
      kind: z.literal('scale'),
      ...questionBase,
      min: z.number().int(),
      max: z.number().int(),
      min_label: z.string(),
      max_label: z.string(),
    }),
    z.object({
      kind: z.literal('choice'),
      ...questionBase,
      options: z.array(z.object({ id: z.string(), label: z.string() })),
      multiple: z.boolean(),
    }),
    z.object({ kind: z.literal('freetext'), ...questionBase, placeholder: z.string() }),
  ])
  .openapi('WidgetSurveyQuestion', {
    description: 'nps 0-10, rating 1-5, scale min-max with end labels, choice (one or several), freetext.',
  });

export const WidgetSurvey = z
  .object({
    questions: z.array(WidgetSurveyQuestion),
    placement: z.enum(SURVEY_PLACEMENTS),
    thank_you: z.string(),
  })
  .openapi('WidgetSurvey');
