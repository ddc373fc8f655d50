import { ARTICLE_COLUMNS, type Article } from '../content/article';
import { articleDocument } from '../content/article-document';
import { createGuide } from '../content/create-guide';
import type { StepElement, StepInput } from '../content/guide';
import { publishGuide } from '../content/publish-guide';
import { stepInput } from '../content/step-input';
import type { Ctx } from '../context';
import type { Db } from '../db/db';
import { replaceSourceChunks } from '../retrieval/replace-source-chunks';
import type { Embedder } from '../retrieval/types';
import { demoElement } from './demo-element';
import { getDemoWorkspaceId } from './demo-seed';
import { DEMO_SETUP_GUIDE } from './demo-setup-guide';

const step = (
  type: string,
  text: string,
  alternate: string | null = null,
  element: StepElement | null = null,
): StepInput =>
  stepInput(text, {
    type,
    element,
    walkthrough: { enabled: true, alternate_text: alternate, input_placeholder: null },
  });

/** The public guide the demo store's onboarding program walks a visitor through (demo-experiences.ts). */
export const DEMO_STORE_GUIDE_TITLE = 'Find out where your order is';

const GUIDES = [
  {
    title: DEMO_STORE_GUIDE_TITLE,
    description: 'Track an order from the demo store, without leaving the page.',
    share_mode: 'public' as const,
    steps: [
      step(
        'scroll',
        'Scroll down to Questions about an order? at the bottom of the store.',
        null,
        demoElement(['#help', 'section.help'], 'region', 'Questions about an order?', 'section'),
      ),
      step(
        'click',
        'Choose Where is my order? The answer opens in Help, beside the page.',
        'Open Help from the launcher and search for "track your order".',
        demoElement(
          ['[data-article="track-your-order"]', '#help button:nth-of-type(1)'],
          'button',
          'Where is my order?',
          'button',
        ),
      ),
      step('click', 'Follow Track order in your confirmation email, or open Account > Orders.'),
    ],
  },
  {
    title: 'Invite a teammate',
    description: 'Give a colleague access to your account.',
    share_mode: 'customers' as const,
    steps: [
      step('click', 'Open Account settings from the menu in the top right corner.'),
      step('click', 'Choose Team, then Invite teammate.'),
      step(
        'input',
        "Type your colleague's email address.",
        'Enter the email address of the person to invite.',
      ),
      step('click', 'Press Send invitation. The invitation link works for 7 days.'),
    ],
  },
  {
    title: 'Approve a large refund (staff)',
    description: 'The second approval refunds above 500 need.',
    share_mode: 'private' as const,
    steps: [
      step('navigate', 'Open the refund request in the back office queue.'),
      step('click', 'Check the order total and the reason given by the customer.'),
      step('click', 'Press Approve as second approver; the refund goes out within 5 working days.'),
    ],
  },
  DEMO_SETUP_GUIDE,
];

/**
 * Demo content beyond the widget's articles, added on every start when missing: four published guides
 * (one public, walked through on the demo store; one public for the setup fixture app, which "Show me"
 * walks through and "Do it for me" fills in; one for customers; one private), through the same
 * publish path as the portal. Published demo articles
 * that have no chunks yet (they are inserted directly by the widget demo) are indexed here. Vectors are
 * left to the embedding job, so the first start does not wait for the offline embedder to convert.
 */
export async function ensureDemoContent(db: Db, now: Date, embedder: Embedder): Promise<void> {
  const workspaceId = await getDemoWorkspaceId(db);
  if (!workspaceId) return;
  // Two nodes starting together add the content once.
  await db.tx(async (tx) => {
    await tx.query("select pg_advisory_xact_lock(hashtext('demo-content'))");
    const ctx: Ctx = { db: tx, clock: { now: () => now }, workspaceId, actor: { type: 'system', id: null } };
    // Chunks now, vectors from the worker's job: a start never waits for the embedder to load.
    const deferred: Embedder = {
      model: embedder.model,
      dimension: embedder.dimension,
      inline: false,
      embed: (texts, options) => embedder.embed(texts, options),
    };
    for (const g of GUIDES) {
      const exists = await tx.query('select 1 from guides where workspace_id = $1 and title = $2', [
        workspaceId,
        g.title,
      ]);
      if (exists.length > 0) continue;
      const guide = await createGuide(ctx, {
        ...g,
        language: 'en',
        brand_profile_id: null,
        brand: null,
        capture_session_id: null,
        capture: null,
      });
      await publishGuide(ctx, guide.id, { embedder: deferred });
    }
    const unindexed = await tx.query<Article>(
      `select ${ARTICLE_COLUMNS} from articles a
       where workspace_id = $1 and status = 'published' and not exists (
         select 1 from retrieval_chunks c
         where c.workspace_id = a.workspace_id and c.source_kind = 'article' and c.source_id = a.id)`,
      [workspaceId],
    );
    for (const article of unindexed) await replaceSourceChunks(ctx, articleDocument(article), deferred);
  });
}
