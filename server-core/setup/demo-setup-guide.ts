import type { StepElement, StepInput } from '../content/guide';
import { stepInput } from '../content/step-input';
import type { Sql } from '../db/db';
import { demoElement } from './demo-element';

/**
 * The demo's two-page fixture app (/demo/app/setup, then /demo/app/setup/details; bff/routes/site/
 * demo-setup-pages.ts) and the published guide that walks through it or fills it in: "Show me" starts the
 * walkthrough, "Do it for me" runs the automation with proposed values.
 */
export const DEMO_SETUP_PATH = '/demo/app/setup';
export const DEMO_SETUP_DETAILS_PATH = '/demo/app/setup/details';
export const DEMO_SETUP_GUIDE_TITLE = 'Set up your team';

/** The pages' form fields and buttons, as a capture would record them (ids are the fixture's own). */
const element = (
  selectors: string[],
  role: string,
  name: string,
  tag: string,
  box: { x: number; y: number; w: number; h: number },
): StepElement =>
  demoElement(selectors, role, name, tag, {
    bounding_box: box,
    ancestors: [{ selectors: ['form.setup'], prev: [], next: [] }],
  });

/** Keys of the steps the page proposes values for (the automation's pre-fill is keyed by step id). */
export type DemoSetupStepKey = 'team' | 'next' | 'email' | 'role' | 'finish';

const STEPS: { key: DemoSetupStepKey; input: StepInput }[] = [
  {
    key: 'team',
    input: stepInput('Name your team: this is how teammates will see it in their invitation.', {
      type: 'input',
      element: element(['#team-name', 'input[name=team]'], 'textbox', 'Team name', 'input', {
        x: 48,
        y: 220,
        w: 420,
        h: 40,
      }),
      walkthrough: { enabled: true, alternate_text: null, input_placeholder: 'Acme support' },
    }),
  },
  {
    key: 'next',
    input: stepInput('Press Next to go on to the details.', {
      type: 'click',
      element: element(['#setup-next', 'form.setup button[type=submit]'], 'button', 'Next', 'button', {
        x: 48,
        y: 300,
        w: 90,
        h: 40,
      }),
    }),
  },
  {
    key: 'email',
    input: stepInput('Type the e-mail address of a teammate to invite.', {
      type: 'input',
      element: element(['#invite-email', 'input[name=email]'], 'textbox', "Teammate's e-mail", 'input', {
        x: 48,
        y: 220,
        w: 420,
        h: 40,
      }),
      walkthrough: {
        enabled: true,
        alternate_text: 'Invite the first teammate by e-mail.',
        input_placeholder: 'sam@example.com',
      },
    }),
  },
  {
    key: 'role',
    input: stepInput('Choose what the teammate may do.', {
      type: 'select',
      element: element(['#invite-role', 'select[name=role]'], 'combobox', 'Role', 'select', {
        x: 48,
        y: 300,
        w: 200,
        h: 40,
      }),
    }),
  },
  {
    key: 'finish',
    input: stepInput('Press Finish setup. The invitation goes out at once.', {
      type: 'click',
      element: element(
        ['#setup-finish', 'form.setup button[type=submit]'],
        'button',
        'Finish setup',
        'button',
        {
          x: 48,
          y: 380,
          w: 140,
          h: 40,
        },
      ),
    }),
  },
];

export const DEMO_SETUP_GUIDE = {
  title: DEMO_SETUP_GUIDE_TITLE,
  description: 'Name your team and invite the first teammate, across the two pages of the setup.',
  share_mode: 'public' as const,
  steps: STEPS.map((s) => s.input),
};

/** Values "Do it for me" proposes (nothing sensitive: the spec's automation pre-fill). */
export const DEMO_SETUP_PREFILL: Partial<Record<DemoSetupStepKey, string>> = {
  team: 'Acme support',
  email: 'sam@example.com',
  role: 'agent',
};

export interface DemoSetupGuideRef {
  id: string;
  /** Step ids by the fixture's key, in guide order. */
  stepIds: Record<DemoSetupStepKey, string>;
}

/** The published setup guide of the demo workspace, or null (not seeded, or unpublished since). */
export async function findDemoSetupGuide(db: Sql, workspaceId: string): Promise<DemoSetupGuideRef | null> {
  const [guide] = await db.query<{ id: string }>(
    `select id from guides where workspace_id = $1 and title = $2 and status = 'published'
     order by id limit 1`,
    [workspaceId, DEMO_SETUP_GUIDE_TITLE],
  );
  if (!guide) return null;
  const steps = await db.query<{ id: string }>(
    'select id from guide_steps where workspace_id = $1 and guide_id = $2 order by seq',
    [workspaceId, guide.id],
  );
  if (steps.length !== STEPS.length) return null;
  const stepIds = Object.fromEntries(STEPS.map((s, i) => [s.key, steps[i]!.id])) as Record<
    DemoSetupStepKey,
    string
  >;
  return { id: guide.id, stepIds };
}
