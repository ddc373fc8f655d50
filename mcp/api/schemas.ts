import { z } from 'zod';
import type { Article, Guide, RetrievalAnswer } from './types';

/**
 * The parts of each answer the tools use, checked at run time (a proxy's HTML page, a truncated body or
 * another version of the service must become a tool error, not a crash). Each schema is pinned to the
 * generated wire type below, so a contract change that breaks it fails `tsc`.
 */
const Audience = z.enum(['public', 'customers', 'internal']);

export const RetrievalAnswerSchema = z.object({
  data: z.array(
    z.object({
      chunk_id: z.string(),
      document_ref: z.string(),
      text: z.string(),
      audience: Audience,
      score: z.number(),
      similarity: z.number(),
      source: z.object({
        kind: z.enum(['guide', 'article', 'page', 'upload']),
        id: z.string(),
        title: z.string(),
        url: z.string().nullable(),
      }),
    }),
  ),
  meta: z.object({ audiences: z.array(Audience) }),
});

export const GuideSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  share_mode: z.enum(['public', 'customers', 'private']),
  language: z.string(),
  updated_at: z.string(),
  steps: z.array(
    z.object({
      id: z.string(),
      seq: z.number().int(),
      type: z.string(),
      text: z.string(),
      walkthrough: z.object({ alternate_text: z.string().nullable() }),
    }),
  ),
});

export const ArticleSchema = z.object({
  id: z.string(),
  title: z.string(),
  slug: z.string(),
  body: z.string(),
  access_level: z.enum(['public', 'authenticated', 'internal']),
  updated_at: z.string(),
});

export const ErrorEnvelopeSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.record(z.string(), z.unknown()).optional(),
  }),
});

export type CheckedRetrievalAnswer = z.output<typeof RetrievalAnswerSchema>;
export type CheckedGuide = z.output<typeof GuideSchema>;
export type CheckedArticle = z.output<typeof ArticleSchema>;

// The contract pins: every wire answer the generated types describe passes these schemas' types.
type Assignable<Wire, Checked> = Wire extends Checked ? true : false;
export const CONTRACT_PINS: [
  Assignable<RetrievalAnswer, CheckedRetrievalAnswer>,
  Assignable<{ data: Guide }['data'], CheckedGuide>,
  Assignable<Article, CheckedArticle>,
] = [true, true, true];
