import { z } from '@hono/zod-openapi';
import { ACCESS_LEVELS, SHARE_MODES } from '../../server-core/content/audience';
import { MAX_SLUG_LENGTH, SLUG_PATTERN } from '../../server-core/content/slug';
import { DateTime, Ulid } from '../openapi/schemas';

/** Schemas of the content resources (spec section 2, Guide, Step and Article) and of their writes. */

const str = (max: number) => z.string().max(max);
const nullableStr = (max: number) => z.string().max(max).nullable();
const STATUS = z.enum(['draft', 'published', 'archived']).openapi({
  description:
    'draft until published; unpublishing returns to draft. archived is not set by these operations.',
});
export const AudienceSchema = z.enum(['public', 'customers', 'internal']);
const Slug = z.string().max(MAX_SLUG_LENGTH).regex(SLUG_PATTERN).openapi({
  description: 'Lower-case letters and digits in dash-separated words.',
  example: 'reset-your-password',
});

// ---- Step ----

const Rect = z
  .object({ x: z.number(), y: z.number(), w: z.number().min(0), h: z.number().min(0) })
  .openapi('Rect', { description: 'A rectangle in screenshot pixels.' });

export const MAX_STEPS = 200;
const MAX_RECTS = 100;
const MAX_ANNOTATIONS_BYTES = 16 * 1024;
const STEP_TYPE = /^[a-z][a-z0-9_]{0,31}$/;

const ScreenshotFields = {
  media_id: str(128).min(1),
  width: z.number().int().min(1).max(100_000),
  height: z.number().int().min(1).max(100_000),
};
const SmartBlur = z.object({ id: str(64).min(1), rect: Rect, category: str(64), status: str(32) });
const Ancestor = z.object({
  selectors: z.array(str(1000)).max(20),
  prev: z.array(str(1000)).max(20),
  next: z.array(str(1000)).max(20),
});
const Alert = z.object({ type: z.enum(['info', 'tip', 'warning']), text: str(1000).min(1) });
const App = z.object({ id: str(128), name: str(200) });

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

export const StepInputSchema = z
  .object({
    id: Ulid.optional().openapi({
      description: 'An existing step of this guide to keep (its id); omit for a new step.',
    }),
    type: z
      .string()
      .regex(STEP_TYPE)
      .openapi({ description: '`^[a-z][a-z0-9_]{0,31}$`, e.g. click, input, navigate.' }),
    text: str(5000).default(''),
    screenshot: z
      .object({
        id: str(64).min(1).optional(),
        ...ScreenshotFields,
        original_encrypted: z.boolean().default(false),
        original_deleted_at: DateTime.nullable().default(null),
      })
      .nullable()
      .default(null),
    redactions: z.array(Rect).max(MAX_RECTS).default([]),
    policy_redactions: z.array(Rect).max(MAX_RECTS).default([]),
    smart_blur_suggestions: z.array(SmartBlur).max(MAX_RECTS).default([]),
    annotations: z
      .record(z.string(), z.unknown())
      .refine((a) => JSON.stringify(a).length <= MAX_ANNOTATIONS_BYTES, {
        message: `annotations are at most ${MAX_ANNOTATIONS_BYTES} bytes of JSON`,
      })
      .default({}),
    element: z
      .object({
        selector_candidates: z.array(str(1000)).max(20).default([]),
        role: nullableStr(100).default(null),
        name: nullableStr(500).default(null),
        tag: nullableStr(50).default(null),
        bounding_box: Rect.nullable().default(null),
        dom_path_hash: nullableStr(128).default(null),
        nearest_landmark: nullableStr(500).default(null),
        source: nullableStr(64).default(null),
        ancestors: z.array(Ancestor).max(20).default([]),
      })
      .nullable()
      .default(null),
    alerts: z.array(Alert).max(10).default([]),
    walkthrough: z
      .object({
        enabled: z.boolean().default(true),
        alternate_text: nullableStr(2000).default(null),
        input_placeholder: nullableStr(200).default(null),
      })
      .default({ enabled: true, alternate_text: null, input_placeholder: null }),
    input: z.object({ masked: z.boolean().default(false) }).default({ masked: false }),
    app: App.nullable().default(null),
  })
  .openapi('StepInput', {
    description: 'A step as written; seq is its place in the list (other keys, such as seq, are ignored).',
  });

// ---- Guide ----

const Color = z
  .string()
  .regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/)
  .openapi({ example: '#1f6feb' });
const BrandInput = z.object({
  primary_color: Color.nullable().default(null),
  secondary_color: Color.nullable().default(null),
  marker_style: nullableStr(32).default(null),
  font: nullableStr(100).default(null),
});
const CaptureInput = z.object({
  source: nullableStr(64).default(null),
  platform: nullableStr(64).default(null),
  narrated: z.boolean().default(false),
});
const Language = z
  .string()
  .regex(/^[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$/)
  .openapi({ description: 'A BCP 47 language tag.', example: 'en' });

export const GuideSchema = z
  .object({
    id: Ulid,
    title: z.string(),
    description: z.string().nullable(),
    status: STATUS,
    share_mode: z.enum(SHARE_MODES).openapi({
      description: 'Who may read it: public (anyone), customers, private (the workspace; audience internal).',
    }),
    step_count: z.number().int(),
    language: z.string(),
    verified_at: DateTime.nullable(),
    published_at: DateTime.nullable(),
    created_at: DateTime,
    updated_at: DateTime,
    steps: z.array(StepSchema),
    brand_profile_id: z.string().nullable(),
    brand: z
      .object({
        primary_color: z.string().nullable(),
        secondary_color: z.string().nullable(),
        marker_style: z.string().nullable(),
        font: z.string().nullable(),
        brand_profile_id: z.string().nullable(),
      })
      .nullable(),
    capture_session_id: z.string().nullable(),
    capture: z
      .object({ source: z.string().nullable(), platform: z.string().nullable(), narrated: z.boolean() })
      .nullable(),
  })
  .openapi('Guide');

const guideFields = {
  title: z.string().trim().min(1).max(200),
  description: nullableStr(2000),
  share_mode: z.enum(SHARE_MODES),
  language: Language,
  brand_profile_id: nullableStr(64),
  brand: BrandInput.nullable(),
  capture_session_id: nullableStr(64),
  capture: CaptureInput.nullable(),
  steps: z.array(StepInputSchema).max(MAX_STEPS),
};

export const CreateGuideRequest = z
  .object({
    title: guideFields.title,
    description: guideFields.description.default(null),
    share_mode: guideFields.share_mode.default('customers'),
    language: guideFields.language.default('en'),
    brand_profile_id: guideFields.brand_profile_id.default(null),
    brand: guideFields.brand.default(null),
    capture_session_id: guideFields.capture_session_id.default(null),
    capture: guideFields.capture.default(null),
    steps: guideFields.steps.default([]),
  })
  .openapi('CreateGuideRequest');

export const UpdateGuideRequest = z
  .object({
    title: guideFields.title.optional(),
    description: guideFields.description.optional(),
    share_mode: guideFields.share_mode.optional(),
    language: guideFields.language.optional(),
    brand_profile_id: guideFields.brand_profile_id.optional(),
    brand: guideFields.brand.optional(),
    capture_session_id: guideFields.capture_session_id.optional(),
    capture: guideFields.capture.optional(),
    steps: guideFields.steps
      .optional()
      .openapi({ description: 'Replaces every step; a step keeps its id when it names one of this guide.' }),
  })
  .openapi('UpdateGuideRequest');

// ---- Article ----

export const ArticleSchema = z
  .object({
    id: Ulid,
    title: z.string(),
    slug: z.string(),
    collection_id: Ulid.nullable(),
    body: z.string().openapi({ description: 'Markdown.' }),
    access_level: z.enum(ACCESS_LEVELS).openapi({
      description:
        'public (anyone), authenticated (signed-in help-center readers; audience customers), internal.',
    }),
    status: STATUS,
    position: z.number().int(),
    source_guide_id: z.string().nullable(),
    diverged_from_guide: z.boolean(),
    body_edited_since_generation: z.boolean(),
    author_id: z.string().nullable(),
    approved_by: z.string().nullable().openapi({ description: 'The member who last published it.' }),
    published_at: DateTime.nullable(),
    updated_at: DateTime,
  })
  .openapi('Article');

export const MAX_ARTICLE_BODY = 200_000;
const articleFields = {
  title: z.string().trim().min(1).max(200),
  slug: Slug,
  body: str(MAX_ARTICLE_BODY).openapi({
    description: 'Markdown; sections at headings of level 1 to 3 are indexed.',
  }),
  collection_id: Ulid.openapi({ description: 'An existing collection of the workspace.' }),
  collection_slug: Slug.openapi({
    description: 'A collection found by slug, or created (exclusive with collection_id).',
  }),
  collection_name: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .openapi({ description: 'Name of a collection created by slug.' }),
  access_level: z.enum(ACCESS_LEVELS),
  position: z.number().int().min(0).max(1_000_000),
};

export const CreateArticleRequest = z
  .object({
    title: articleFields.title,
    slug: articleFields.slug.optional().openapi({
      description:
        'Omitted: derived from the title, with -2, -3... when taken. Given and taken: 409 slug_taken.',
    }),
    body: articleFields.body.default(''),
    collection_id: articleFields.collection_id.optional(),
    collection_slug: articleFields.collection_slug.optional(),
    collection_name: articleFields.collection_name.optional(),
    access_level: articleFields.access_level.default('public'),
    position: articleFields.position.default(0),
  })
  .openapi('CreateArticleRequest');

export const UpdateArticleRequest = z
  .object({
    title: articleFields.title.optional(),
    slug: articleFields.slug.optional().openapi({ description: 'Taken by another article: 409 slug_taken.' }),
    body: articleFields.body.optional(),
    collection_id: articleFields.collection_id
      .nullable()
      .optional()
      .openapi({ description: 'null removes it.' }),
    collection_slug: articleFields.collection_slug.optional(),
    collection_name: articleFields.collection_name.optional(),
    access_level: articleFields.access_level.optional(),
    position: articleFields.position.optional(),
  })
  .openapi('UpdateArticleRequest');

// ---- Pages and uploads ----

export const PageSchema = z
  .object({
    id: Ulid,
    url: z.string().openapi({ description: 'The page address without fragment; its key in the workspace.' }),
    title: z.string(),
    audience: AudienceSchema,
    chunk_count: z.number().int().openapi({ description: 'Chunks indexed from it.' }),
    created_at: DateTime,
    updated_at: DateTime,
  })
  .openapi('Page');

export const AddPageRequest = z
  .object({
    url: z.string().min(1).max(2048).openapi({ description: 'http(s), at most 2048 characters.' }),
    title: z.string().trim().min(1).max(500),
    html: z.string().openapi({ description: 'The page HTML (the request body is at most 1 MiB).' }),
    audience: AudienceSchema.default('public').openapi({
      description: 'Default public (a crawled page is public).',
    }),
  })
  .openapi('AddPageRequest');

export const UploadSchema = z
  .object({
    id: Ulid,
    filename: z.string(),
    media_type: z.enum(['text/plain', 'text/markdown', 'text/html']),
    byte_size: z.number().int(),
    title: z.string(),
    audience: AudienceSchema,
    chunk_count: z.number().int(),
    created_at: DateTime,
  })
  .openapi('Upload');
