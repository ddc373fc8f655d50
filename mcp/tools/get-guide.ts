import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { ApiClient } from '../api/client';
import type { CheckedGuide } from '../api/schemas';
import { ulid } from './ids';
import { toolError } from './tool-error';

export const guideOutput = {
  id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  share_mode: z.enum(['public', 'customers', 'private']),
  language: z.string(),
  updated_at: z.string(),
  steps: z
    .array(
      z.object({
        seq: z.number().int(),
        anchor: z.string().describe('step-<seq>: the anchor search results name in document_ref.'),
        type: z.string(),
        text: z.string(),
        alternate_text: z.string().nullable(),
      }),
    )
    .describe('In order.'),
};

type GuideOutput = z.output<z.ZodObject<typeof guideOutput>>;

export function guideResult(g: CheckedGuide): GuideOutput {
  return {
    id: g.id,
    title: g.title,
    description: g.description,
    share_mode: g.share_mode,
    language: g.language,
    updated_at: g.updated_at,
    steps: [...g.steps]
      .sort((a, b) => a.seq - b.seq)
      .map((s) => ({
        seq: s.seq,
        anchor: `step-${s.seq}`,
        type: s.type,
        text: s.text,
        alternate_text: s.walkthrough.alternate_text,
      })),
  };
}

/** The guide as Markdown: title, description, the steps as a numbered list with their anchors. */
export function guideText(g: GuideOutput): string {
  const steps = g.steps.map(
    (s) => `${s.seq}. ${s.text}${s.alternate_text ? ` (${s.alternate_text})` : ''} [#${s.anchor}]`,
  );
  return [`# ${g.title}`, g.description ?? '', steps.join('\n')].filter((part) => part !== '').join('\n\n');
}

export function registerGetGuide(server: McpServer, api: ApiClient): void {
  server.registerTool(
    'service_get_guide',
    {
      title: 'Read a guide',
      description:
        'Returns one published step-by-step guide with all its steps in order, each with its text and its anchor ' +
        '(step-<n>, as in the document_ref of search results). Use it after service_search_knowledge found a guide ' +
        'chunk, to walk a user through the whole procedure.',
      inputSchema: { guide_id: ulid('guide id') },
      outputSchema: guideOutput,
      annotations: { readOnlyHint: true, openWorldHint: false, idempotentHint: true },
    },
    async ({ guide_id }): Promise<CallToolResult> => {
      const answer = await api.getGuide(guide_id);
      if (!answer.ok) return toolError(answer.failure, { kind: 'guide', id: guide_id });
      const out = guideResult(answer.data.data);
      return { content: [{ type: 'text', text: guideText(out) }], structuredContent: out };
    },
  );
}
