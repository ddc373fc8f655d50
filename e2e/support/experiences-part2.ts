import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type {
  AnnouncementContent,
  Frequency,
  SurveyContent,
  SurveyQuestion,
  Targeting,
  TourStep,
} from '../../server-core/experiences/definition';
import { targeting } from '../../server-core/testing/experiences';
import type { Published } from './experiences';
import { portalSession, type SeededWithKey } from './widget';

/**
 * Issue 14's authoring for e2e (surveys, announcements, and tours with a priority), through the portal
 * operations as a workspace member would, plus the public API reads and a local webhook receiver.
 */
export function authorPart2(ws: SeededWithKey, base: string) {
  const portal = portalSession(ws, base);
  const root = `/workspaces/${ws.workspaceId}`;
  const publish = async (type: string, name: string, draft: unknown): Promise<Published> => {
    const call = await portal;
    const { data } = await call<{ data: { id: string } }>('POST', `${root}/experiences`, {
      type,
      name,
      draft,
    });
    return (await call<{ data: Published }>('POST', `${root}/experiences/${data.id}/publish`)).data;
  };
  const api = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${base}/api/v1${path}`, {
      method,
      headers: { Authorization: `Bearer ${ws.apiKey}`, 'Content-Type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
  return {
    survey: (
      name: string,
      content: SurveyContent,
      opts: { targeting?: Partial<Targeting>; frequency?: Frequency } = {},
    ) =>
      publish('survey', name, {
        targeting: targeting(opts.targeting),
        frequency: opts.frequency ?? { kind: 'once' },
        content,
      }),
    announcement: (
      name: string,
      content: Partial<AnnouncementContent> & Pick<AnnouncementContent, 'title' | 'body'>,
      opts: { targeting?: Partial<Targeting> } = {},
    ) =>
      publish('announcement', name, {
        targeting: targeting(opts.targeting),
        frequency: null,
        content: { distribution: 'badge', starts_at: null, ends_at: null, ...content },
      }),
    /** A tour that auto-starts on its pages (frequency once), with a priority. */
    tour: (name: string, steps: TourStep[], opts: { targeting?: Partial<Targeting> } = {}) =>
      publish('tour', name, {
        targeting: targeting(opts.targeting),
        frequency: { kind: 'once' },
        content: { steps, feedback: { enabled: false, question: '' } },
      }),
    /** The identity secret (rotateWidgetIdentitySecret) for Widget.user.set with an hmac. */
    identitySecret: async () =>
      (await (await portal)<{ data: { secret: string } }>('POST', `${root}/widget/identity-secret/rotate`))
        .data.secret,
    /** listExperienceAnswers with the workspace's API key (newest first). */
    answers: (experienceId: string) =>
      api<{ data: { session_id: string; contact_id: string | null; question_id: string; value: unknown }[] }>(
        'GET',
        `/experiences/${experienceId}/answers`,
      ),
    /** listContacts by email with the API key. */
    contact: async (email: string) =>
      (
        await api<{ data: { id: string; attributes: Record<string, unknown> }[] }>(
          'GET',
          `/contacts?email=${encodeURIComponent(email)}`,
        )
      ).data[0],
    /** A webhook endpoint (createWebhookEndpoint) for these events. */
    webhook: (url: string, events: string[]) => api('POST', '/webhooks', { url, events }),
    /** A contact created through the API: its contact.created event is a fence for webhook counts. */
    fence: async (email: string) =>
      (await api<{ data: { id: string } }>('POST', '/contacts', { email })).data.id,
  };
}

export const hmacOf = (secret: string, email: string) =>
  createHmac('sha256', secret).update(email.toLowerCase()).digest('hex');

/** A later event through the same outbox and endpoint: once the fence contact's contact.created is in, a duplicate sent before it would be too. */
export const fenced = (received: Received[], contactId: string) =>
  received.some((e) => e.type === 'contact.created' && e.data.contact_id === contactId);

export interface Received {
  type: string;
  data: Record<string, unknown>;
}

/** A local webhook receiver: every delivery's JSON body, in arrival order. */
export async function webhookReceiver(): Promise<{
  url: string;
  received: Received[];
  close(): Promise<void>;
}> {
  const received: Received[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push(JSON.parse(Buffer.concat(chunks).toString()) as Received);
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    received,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** One question of each kind; the NPS one files its answer under the contact attribute `nps`. */
export const ALL_KINDS: SurveyQuestion[] = [
  { id: 'q-nps', kind: 'nps', prompt: 'How likely are you to recommend us?', attribute_key: 'nps' },
  { id: 'q-rating', kind: 'rating', prompt: 'How do you rate the editor?', attribute_key: null },
  {
    id: 'q-scale',
    kind: 'scale',
    prompt: 'How easy was the setup?',
    min: 1,
    max: 7,
    min_label: 'Hard',
    max_label: 'Easy',
    attribute_key: null,
  },
  {
    id: 'q-plan',
    kind: 'choice',
    prompt: 'Which plan are you on?',
    multiple: false,
    options: [
      { id: 'free', label: 'Free' },
      { id: 'pro', label: 'Pro' },
    ],
    attribute_key: null,
  },
  {
    id: 'q-use',
    kind: 'choice',
    prompt: 'What do you use?',
    multiple: true,
    options: [
      { id: 'reports', label: 'Reports' },
      { id: 'billing', label: 'Billing' },
      { id: 'api', label: 'API' },
    ],
    attribute_key: null,
  },
  { id: 'q-text', kind: 'freetext', prompt: 'Anything else?', placeholder: 'Tell us', attribute_key: null },
];
