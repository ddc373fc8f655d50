import { z } from '@hono/zod-openapi';
import { DateTime, Ulid } from './schemas';

const Scalar = z.union([z.string(), z.number(), z.boolean()]);

export const Contact = z
  .object({
    id: Ulid,
    email: z.string(),
    name: z.string().nullable(),
    phone: z.string().nullable(),
    external_id: z
      .string()
      .nullable()
      .openapi({ description: "The caller's own id for the person; unique per workspace." }),
    verified: z.boolean(),
    attributes: z
      .record(z.string(), Scalar)
      .openapi({ description: 'Custom scalar attributes, at most 30 keys.' }),
    unsubscribed: z.boolean(),
    last_seen_at: DateTime,
    created_at: DateTime,
  })
  .openapi('Contact');

export const Conversation = z
  .object({
    id: Ulid,
    contact_id: Ulid,
    channel: z.string().openapi({ description: 'e.g. widget, email.' }),
    state: z.enum(['pending', 'open', 'snoozed', 'resolved']),
    kind: z.enum(['conversation', 'ticket']),
    subject: z.string().nullable(),
    reference: z.string().nullable(),
    priority: z.string().nullable(),
    rating: z.number().int().nullable(),
    assignee_id: z.string().nullable(),
    last_message_at: DateTime.nullable(),
    resolved_at: DateTime.nullable(),
    created_at: DateTime,
  })
  .openapi('Conversation');

export const Message = z
  .object({
    id: Ulid,
    direction: z
      .enum(['in', 'out'])
      .openapi({ description: 'Internal notes (direction note) are never included.' }),
    author_type: z.enum(['contact', 'agent', 'ai', 'system']),
    kind: z.string(),
    body: z.string(),
    created_at: DateTime,
  })
  .openapi('Message');

export const ConversationDetail = Conversation.extend({
  messages: z.array(Message).openapi({ description: 'The latest message_limit messages, oldest first.' }),
}).openapi('ConversationDetail');

const ExperienceType = z.enum(['tour', 'program', 'launcher', 'banner', 'announcement', 'survey', 'tracker']);

export const Experience = z
  .object({
    id: Ulid,
    type: ExperienceType,
    name: z.string(),
    slug: z.string(),
    status: z.enum(['draft', 'published', 'archived']),
    live_version_id: Ulid.nullable(),
    created_at: DateTime,
    updated_at: DateTime,
  })
  .openapi('Experience');

export const ProgressRow = z
  .object({
    session_id: Ulid.openapi({ description: 'For session-less types, the id of the seen marker.' }),
    contact_id: Ulid.nullable(),
    contact_name: z.string().nullable(),
    contact_email: z.string().nullable(),
    widget_visitor_id: z.string().nullable(),
    version_id: Ulid.nullable().openapi({ description: 'Null for session-less types.' }),
    state: z.enum(['active', 'completed', 'ended']),
    end_reason: z.string().nullable(),
    progress: z.number(),
    items_done: z.number().int(),
    items_total: z.number().int(),
    current_step_cvid: z.string().nullable(),
    started_at: DateTime,
    ended_at: DateTime.nullable(),
    last_url: z.string().nullable(),
  })
  .openapi('ExperienceProgressRow');

export const LedgerEntry = z
  .object({
    experience_id: Ulid,
    name: z.string(),
    slug: z.string(),
    type: ExperienceType,
    state: z.enum(['active', 'completed', 'dismissed', 'seen']),
    session_id: Ulid.nullable(),
    version_id: Ulid.nullable(),
    progress: z.number().nullable(),
    items_done: z.number().int().nullable(),
    items_total: z.number().int().nullable(),
    started_at: DateTime.nullable(),
    ended_at: DateTime.nullable(),
    seen_at: DateTime.nullable(),
    dismissed_at: DateTime.nullable(),
  })
  .openapi('ContactExperienceLedgerEntry');

/** Dates to ISO strings for JSON (only the listed keys; everything else passes through). */
export function withIsoDates<T extends object>(row: T, keys: (keyof T)[]) {
  const out: Record<string, unknown> = { ...(row as Record<string, unknown>) };
  for (const k of keys) {
    const v = row[k] as unknown;
    out[k as string] = v instanceof Date ? v.toISOString() : (v ?? null);
  }
  return out;
}
