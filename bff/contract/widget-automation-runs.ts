import { createRoute, z } from '@hono/zod-openapi';
import type { AutomationRun } from '../../server-core/automation/automation-run';
import type { RecordedStep } from '../../server-core/automation/record-automation-step';
import { errorResponses } from '../openapi/schemas';
import { DateTime, iso, json, jsonBody, Ulid, ulidParam } from './common';
import { EXAMPLE_ID, EXAMPLE_LATER, EXAMPLE_PAGE_URL, EXAMPLE_TIME } from './examples';
import { VISITOR_TOKEN } from './operation-parts';
import { strictObject } from './strict-input';
import { WIDGET_TAG } from './widget-install';

/**
 * Automation runs from the widget (spec widget.md sections 3, 4.2 and 5; docs/decisions/automation.md): open a
 * run of a guide, record each executed step (never a typed value), close it once.
 */

const RAILS =
  '404 while feature.automation.execute is off (as an unknown route). Rate limited with the other run ' +
  'operations to 120 a minute per visitor.';

const PageUrl = z.string().min(1).max(2048).openapi({
  description: 'The absolute http(s) URL of the page the widget is on.',
  example: EXAMPLE_PAGE_URL,
});

const PageFacts = strictObject({
  password_field: z.boolean().openapi({ description: 'The page has a password field.' }),
  card_number_field: z.boolean().openapi({ description: 'The page has a card-number field.' }),
}).openapi('WidgetAutomationPageFacts', {
  description: 'What the widget sees on the page, as booleans only: either true refuses the page.',
});

const RUN_CLOSE_REASONS = [
  'stopped',
  'ambiguous_element',
  'missing_element',
  'refused',
  'error',
  'navigation',
] as const;

const OpenedRun = z
  .object({ id: Ulid, guide_id: Ulid, state: z.literal('open'), created_at: DateTime })
  .openapi('WidgetAutomationRunOpened');

const ClosedRun = z
  .object({
    id: Ulid,
    guide_id: Ulid,
    state: z.enum(['completed', 'aborted', 'failed']),
    reason: z.enum(RUN_CLOSE_REASONS).nullable(),
    steps_recorded: z.number().int(),
    created_at: DateTime,
    closed_at: DateTime,
  })
  .openapi('WidgetAutomationRun');

const StepRecord = z
  .object({
    run_id: Ulid,
    step_id: Ulid,
    seq: z.number().int().openapi({ description: 'The run’s count of recorded steps, from 1.' }),
    action: z.enum(['click', 'input', 'select', 'navigate']),
    recorded_at: DateTime,
  })
  .openapi('WidgetAutomationStep');

export function openedRunJson(r: AutomationRun): z.output<typeof OpenedRun> {
  return { id: r.id, guide_id: r.guide_id, state: 'open', created_at: r.created_at.toISOString() };
}

export function closedRunJson(r: AutomationRun): z.output<typeof ClosedRun> {
  return {
    id: r.id,
    guide_id: r.guide_id,
    state: r.state as z.output<typeof ClosedRun>['state'],
    reason: r.reason,
    steps_recorded: r.steps_recorded,
    created_at: r.created_at.toISOString(),
    closed_at: iso(r.closed_at)!,
  };
}

export function stepRecordJson(s: RecordedStep): z.output<typeof StepRecord> {
  return {
    run_id: s.run_id,
    step_id: s.step_id,
    seq: s.seq,
    action: s.action,
    recorded_at: s.recorded_at.toISOString(),
  };
}

const runParams = z.object({ runId: ulidParam('runId') });

export const widgetOpenAutomationRun = createRoute({
  operationId: 'widgetOpenAutomationRun',
  method: 'post',
  path: '/widget/automation-runs',
  tags: [WIDGET_TAG],
  summary: 'Open an automation run of a guide',
  description:
    'Checked in this order: feature.automation.execute (404 while off); the guide (unknown, unpublished, ' +
    'foreign or out of the visitor’s audience: 404, the audiences of widgetGetGuide); the page’s host must ' +
    'be covered by a verified domain of the workspace (403 domain_not_verified); the page must not be ' +
    'sensitive: its path or hash route names checkout, payment, login, password... as a whole word, or it has ' +
    'a password or card-number field (403 sensitive_page). The run belongs to the visitor who opened it. ' +
    RAILS,
  security: VISITOR_TOKEN,
  request: {
    body: jsonBody(
      strictObject({ guide_id: Ulid, url: PageUrl, page: PageFacts }).openapi(
        'WidgetOpenAutomationRunRequest',
      ),
      {
        guide_id: EXAMPLE_ID.guideId,
        url: EXAMPLE_PAGE_URL,
        page: { password_field: false, card_number_field: false },
      },
    ),
  },
  responses: {
    201: {
      description: 'The open run.',
      content: json(z.object({ data: OpenedRun }), {
        data: { id: EXAMPLE_ID.runId, guide_id: EXAMPLE_ID.guideId, state: 'open', created_at: EXAMPLE_TIME },
      }),
    },
    ...errorResponses(401, 403, 404, 415, 422, 429),
  },
});

export const widgetRecordAutomationStep = createRoute({
  operationId: 'widgetRecordAutomationStep',
  method: 'post',
  path: '/widget/automation-runs/{runId}/steps',
  tags: [WIDGET_TAG],
  summary: 'Record that a step of the run was executed',
  description:
    'Which step and which action, never a value: a `value` (or any other undeclared field) is 422 ' +
    'parameter_unknown. The run must be the visitor’s (404) and open (409 automation_run_closed); the step a ' +
    'step of the run’s guide (422 unknown_step_id); the page’s host still verified (403 domain_not_verified) ' +
    'and the page not sensitive (403 sensitive_page). The service records the element’s role and accessible ' +
    'name as the guide stores them, and the page’s host and path (no query, no fragment). ' +
    RAILS,
  security: VISITOR_TOKEN,
  request: {
    params: runParams,
    body: jsonBody(
      strictObject({
        step_id: Ulid,
        action: z.enum(['click', 'input', 'select', 'navigate']),
        url: PageUrl,
        page: PageFacts,
      }).openapi('WidgetRecordAutomationStepRequest'),
      {
        step_id: EXAMPLE_ID.runStepId,
        action: 'click',
        url: EXAMPLE_PAGE_URL,
        page: { password_field: false, card_number_field: false },
      },
    ),
  },
  responses: {
    201: {
      description: 'Recorded.',
      content: json(z.object({ data: StepRecord }), {
        data: {
          run_id: EXAMPLE_ID.runId,
          step_id: EXAMPLE_ID.runStepId,
          seq: 1,
          action: 'click',
          recorded_at: EXAMPLE_LATER,
        },
      }),
    },
    ...errorResponses(401, 403, 404, 409, 415, 422, 429),
  },
});

export const widgetCloseAutomationRun = createRoute({
  operationId: 'widgetCloseAutomationRun',
  method: 'patch',
  path: '/widget/automation-runs/{runId}',
  tags: [WIDGET_TAG],
  summary: 'Close an automation run',
  description:
    'completed, aborted (the next element could not be located unambiguously, or the person stopped it) or ' +
    'failed, with a reason or null. A run closes once: closing a closed run is 409 automation_run_closed ' +
    '(of parallel closes exactly one wins). Another visitor’s run is 404. ' +
    RAILS,
  security: VISITOR_TOKEN,
  request: {
    params: runParams,
    body: jsonBody(
      strictObject({
        state: z.enum(['completed', 'aborted', 'failed']),
        reason: z.enum(RUN_CLOSE_REASONS).nullable(),
      }).openapi('WidgetCloseAutomationRunRequest'),
      { state: 'completed', reason: null },
    ),
  },
  responses: {
    200: {
      description: 'The closed run.',
      content: json(z.object({ data: ClosedRun }), {
        data: {
          id: EXAMPLE_ID.runId,
          guide_id: EXAMPLE_ID.guideId,
          state: 'completed',
          reason: null,
          steps_recorded: 1,
          created_at: EXAMPLE_TIME,
          closed_at: EXAMPLE_LATER,
        },
      }),
    },
    ...errorResponses(401, 404, 409, 415, 422, 429),
  },
});
