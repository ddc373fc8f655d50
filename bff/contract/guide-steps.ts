import { z } from '@hono/zod-openapi';
import {
  SMART_BLUR_MAX_LENGTH as BLUR,
  STEP_MAX_ITEMS as ITEMS,
  STEP_MAX_LENGTH as LENGTH,
  MAX_ALERT_TEXT,
  MAX_ANNOTATIONS_BYTES,
  MAX_SELECTOR_LENGTH,
  MAX_SELECTORS,
  STEP_TYPE,
} from '../../server-core/content/step-limits';
import { DateTime, Ulid } from './common';
import { nullableStr, str } from './content-fields';
import { EXAMPLE_ID } from './examples';
import { strictObject } from './strict-input';

/**
 * The Step of a guide (spec section 2, Step) as read and as written. Its bounds are server-core's
 * (content/step-limits.ts, checked on every write); the schema repeats them so the document shows them
 * and a request breaking one is refused before it reaches the domain.
 */

const rectShape = { x: z.number(), y: z.number(), w: z.number().min(0), h: z.number().min(0) };
const Rect = z.object(rectShape).openapi('Rect', { description: 'A rectangle in screenshot pixels.' });

const ScreenshotFields = {
  media_id: str(LENGTH['screenshot.media_id']).min(1),
  width: z.number().int().min(1).max(100_000),
  height: z.number().int().min(1).max(100_000),
};
const smartBlurShape = {
  id: str(BLUR.id).min(1),
  category: str(BLUR.category),
  status: str(BLUR.status),
};
const SmartBlur = z.object({ ...smartBlurShape, rect: Rect });
const Selectors = z.array(str(MAX_SELECTOR_LENGTH)).max(MAX_SELECTORS);
const ancestorShape = { selectors: Selectors, prev: Selectors, next: Selectors };
const Ancestor = z.object(ancestorShape);
const alertShape = { type: z.enum(['info', 'tip', 'warning']), text: str(MAX_ALERT_TEXT).min(1) };
const Alert = z.object(alertShape);
const appShape = { id: str(LENGTH['app.id']), name: str(LENGTH['app.name']) };
const App = z.object(appShape);

/** The same objects as written: strict (an unknown key is 422 parameter_unknown). */
const RectInput = strictObject(rectShape).openapi('RectInput', {
  description: 'A rectangle in screenshot pixels.',
});
const SmartBlurInput = strictObject({ ...smartBlurShape, rect: RectInput });
const AncestorInput = strictObject(ancestorShape);
const AlertInput = strictObject(alertShape);
const AppInput = strictObject(appShape);

export const StepSchema = z
  .object({
    id: Ulid,
    seq: z.number().int().openapi({ description: 'Position in the guide, from 1.' }),
    type: z
      .string()
      .openapi({ description: 'What the step does, e.g. click, input, navigate (our vocabulary is open).' }),
    text: z.string(),
    screenshot: z
      .object({
        id: z.string(),
        ...ScreenshotFields,
        original_encrypted: z.boolean(),
        original_deleted_at: DateTime.nullable(),
      })
      .nullable(),
    redactions: z.array(Rect),
    policy_redactions: z.array(Rect),
    smart_blur_suggestions: z.array(SmartBlur),
    annotations: z.record(z.string(), z.unknown()),
    element: z
      .object({
        selector_candidates: z.array(z.string()),
        role: z.string().nullable(),
        name: z.string().nullable(),
        tag: z.string().nullable(),
        bounding_box: Rect.nullable(),
        dom_path_hash: z.string().nullable(),
        nearest_landmark: z.string().nullable(),
        source: z.string().nullable(),
        ancestors: z.array(Ancestor),
      })
      .nullable(),
    alerts: z.array(Alert),
    walkthrough: z.object({
      enabled: z.boolean(),
      alternate_text: z.string().nullable(),
      input_placeholder: z.string().nullable(),
    }),
    input: z.object({ masked: z.boolean() }),
    app: App.nullable(),
  })
  .openapi('Step');

export const StepInputSchema = strictObject({
  id: Ulid.optional().openapi({
    description: 'An existing step of this guide to keep (its id); omit for a new step.',
  }),
  seq: z.number().int().optional().openapi({
    description: 'Ignored: the position in the list decides (accepted so a step read can be written back).',
  }),
  type: z
    .string()
    .regex(STEP_TYPE)
    .openapi({ description: '`^[a-z][a-z0-9_]{0,31}$`, e.g. click, input, navigate.' }),
  text: str(LENGTH.text).default(''),
  screenshot: strictObject({
    id: str(LENGTH['screenshot.id']).min(1).optional(),
    ...ScreenshotFields,
    original_encrypted: z.boolean().default(false),
    original_deleted_at: DateTime.nullable().default(null),
  })
    .nullable()
    .default(null),
  redactions: z.array(RectInput).max(ITEMS.redactions).default([]),
  policy_redactions: z.array(RectInput).max(ITEMS.policy_redactions).default([]),
  smart_blur_suggestions: z.array(SmartBlurInput).max(ITEMS.smart_blur_suggestions).default([]),
  annotations: z
    .record(z.string(), z.unknown())
    .refine((a) => JSON.stringify(a).length <= MAX_ANNOTATIONS_BYTES, {
      message: `annotations are at most ${MAX_ANNOTATIONS_BYTES} bytes of JSON`,
    })
    .default({}),
  element: strictObject({
    selector_candidates: Selectors.default([]),
    role: nullableStr(LENGTH['element.role']).default(null),
    name: nullableStr(LENGTH['element.name']).default(null),
    tag: nullableStr(LENGTH['element.tag']).default(null),
    bounding_box: RectInput.nullable().default(null),
    dom_path_hash: nullableStr(LENGTH['element.dom_path_hash']).default(null),
    nearest_landmark: nullableStr(LENGTH['element.nearest_landmark']).default(null),
    source: nullableStr(LENGTH['element.source']).default(null),
    ancestors: z.array(AncestorInput).max(ITEMS['element.ancestors']).default([]),
  })
    .nullable()
    .default(null),
  alerts: z.array(AlertInput).max(ITEMS.alerts).default([]),
  walkthrough: strictObject({
    enabled: z.boolean().default(true),
    alternate_text: nullableStr(LENGTH['walkthrough.alternate_text']).default(null),
    input_placeholder: nullableStr(LENGTH['walkthrough.input_placeholder']).default(null),
  }).default({ enabled: true, alternate_text: null, input_placeholder: null }),
  input: strictObject({ masked: z.boolean().default(false) }).default({ masked: false }),
  app: AppInput.nullable().default(null),
}).openapi('StepInput', {
  description:
    'A step as written; its place in the list is its seq. Free-form: annotations only; any other unknown key is 422 parameter_unknown.',
});

/** A step as the examples show it: a click on a button, without screenshot. */
export const exampleStep: z.output<typeof StepSchema> = {
  id: EXAMPLE_ID.stepId,
  seq: 1,
  type: 'click',
  text: 'Open Account settings from the menu in the top right corner.',
  screenshot: null,
  redactions: [],
  policy_redactions: [],
  smart_blur_suggestions: [],
  annotations: {},
  element: {
    selector_candidates: ['[data-test=account-menu]', 'header nav button:nth-of-type(3)'],
    role: 'button',
    name: 'Account settings',
    tag: 'button',
    bounding_box: { x: 1180, y: 12, w: 88, h: 32 },
    dom_path_hash: null,
    nearest_landmark: 'banner',
    source: null,
    ancestors: [],
  },
  alerts: [],
  walkthrough: { enabled: true, alternate_text: null, input_placeholder: null },
  input: { masked: false },
  app: null,
};
