import type { Page } from 'playwright';
import type { Db } from '../../server-core/db/db';
import { openDb } from '../../server-core/db/open-db';
import { runCli } from './server';
import { portalSession, type Seeded } from './widget';

/** A step as the portal's createGuide takes it: the fields a walkthrough and an automation read. */
export interface GuideStepInput {
  type: string;
  text: string;
  element?: {
    selector_candidates: string[];
    role?: string | null;
    name?: string | null;
    tag?: string | null;
    nearest_landmark?: string | null;
    bounding_box?: { x: number; y: number; w: number; h: number } | null;
    ancestors?: { selectors: string[]; prev: string[]; next: string[] }[];
  };
  walkthrough?: { enabled?: boolean; alternate_text?: string | null; input_placeholder?: string | null };
  input?: { masked: boolean };
}

/** An element step, as a capture would record a labelled control inside the page's main landmark. */
export const at = (
  type: string,
  text: string,
  selectors: string[],
  role: string,
  name: string,
  tag: string,
  extra: Partial<GuideStepInput> = {},
): GuideStepInput => ({
  type,
  text,
  element: { selector_candidates: selectors, role, name, tag, nearest_landmark: 'main' },
  ...extra,
});

export interface GuideRef {
  id: string;
  /** Step ids in order. */
  stepIds: string[];
}

/** Creates (and by default publishes) a guide through the portal operations, as a member would. */
export async function createGuide(
  ws: Seeded,
  base: string,
  title: string,
  steps: GuideStepInput[],
  opts: { publish?: boolean; share_mode?: 'public' | 'customers' | 'private' } = {},
): Promise<GuideRef> {
  const portal = await portalSession(ws, base);
  const root = `/workspaces/${ws.workspaceId}/guides`;
  const { data } = await portal<{ data: { id: string; steps: { id: string }[] } }>('POST', root, {
    title,
    share_mode: opts.share_mode ?? 'public',
    steps,
  });
  if (opts.publish !== false) await portal('POST', `${root}/${data.id}/publish`);
  return { id: data.id, stepIds: data.steps.map((s) => s.id) };
}

/** `npm run ops -- …` against a child server's DATA_DIR (through its ops socket). */
export async function opsOn(dataDir: string, args: string[]): Promise<string> {
  const { code, stdout, stderr } = await runCli('scripts/ops.ts', args, {
    ...process.env,
    DATABASE_URL: '',
    DATA_DIR: dataDir,
  });
  if (code !== 0) throw new Error(`ops ${args.join(' ')} failed: ${stderr}`);
  return stdout;
}

/** Widget.automation.run / Widget.walkthrough.start in the page (queue-backed, so safe before boot). */
export const runAutomation = (page: Page, guideId: string, prefill?: Record<string, string>) =>
  page.evaluate(
    ([id, values]) => {
      const w = window as unknown as { $widget: unknown[] };
      w.$widget.push(values ? ['automation.run', id, values] : ['automation.run', id]);
    },
    [guideId, prefill ?? null] as const,
  );

export const startWalkthrough = (page: Page, guideId: string) =>
  page.evaluate((id) => {
    (window as unknown as { $widget: unknown[] }).$widget.push(['walkthrough.start', id]);
  }, guideId);

/**
 * Every place a value could hide in the database: each text, varchar, json and jsonb column of every
 * table of the schema, searched for each needle (case-insensitive). Answers "table.column: needle" hits.
 */
export async function findInDatabase(db: Db, needles: string[]): Promise<string[]> {
  const columns = await db.query<{ table_name: string; column_name: string }>(
    `select c.table_name, c.column_name from information_schema.columns c
     join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
     where c.table_schema = current_schema() and t.table_type = 'BASE TABLE'
       and c.data_type in ('text', 'character varying', 'json', 'jsonb', 'ARRAY')
     order by 1, 2`,
  );
  const hits: string[] = [];
  for (const { table_name: t, column_name: c } of columns) {
    for (const needle of needles) {
      const [row] = await db.query<{ n: number }>(
        `select count(*)::int as n from "${t}" where "${c}"::text ilike $1`,
        [`%${needle}%`],
      );
      if (row!.n > 0) hits.push(`${t}.${c}: ${needle}`);
    }
  }
  return hits;
}

/** Opens a stopped child server's PGlite database (never while the server runs: one process only). */
export const openStoppedDatabase = (dataDir: string) => openDb({ databaseUrl: null, dataDir });
