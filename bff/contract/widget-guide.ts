import { createRoute, z } from '@hono/zod-openapi';
import type { WalkthroughGuide } from '../../server-core/widget/walkthrough-guide';
import { errorResponses } from '../openapi/schemas';
import { json, Ulid, ulidParam } from './common';
import { EXAMPLE_ID } from './examples';
import { VISITOR_TOKEN } from './operation-parts';
import { WIDGET_TAG } from './widget-install';

/**
 * A published guide for the widget's walkthrough player (spec widget.md section 4.2): only what the player
 * needs (each step's text and how to find its element), never screenshots, redactions or capture internals.
 */

const WalkthroughStep = z
  .object({
    id: Ulid,
    seq: z.number().int().openapi({ description: 'Position in the guide, from 1.' }),
    type: z
      .string()
      .openapi({ description: 'What the step does: click, input, navigate... (an open vocabulary).' }),
    text: z.string(),
    element: z
      .object({
        selector_candidates: z.array(z.string()).openapi({
          description: 'CSS selectors, best first; empty when the capture recorded no element.',
        }),
        role: z.string().nullable(),
        name: z.string().nullable().openapi({ description: 'The accessible name.' }),
        tag: z.string().nullable(),
        nearest_landmark: z.string().nullable(),
        ancestors: z.array(
          z.object({
            selectors: z.array(z.string()),
            prev: z.array(z.string()),
            next: z.array(z.string()),
          }),
        ),
        bounding_box: z
          .object({ x: z.number(), y: z.number(), w: z.number(), h: z.number() })
          .nullable()
          .openapi({
            description:
              "Where the element was at capture, in capture pixels: the locator's last tie-break; null when not recorded.",
          }),
      })
      .openapi({ description: 'How the player finds the element on the page.' }),
    drifted: z.boolean().openapi({
      description:
        'The step is drifted now (its element went missing for several visitors): the player reports a find ' +
        'of it with widgetReportGuideLocation. Misses are reported for every step.',
    }),
    walkthrough: z.object({
      enabled: z.boolean().openapi({ description: 'False: the step is not shown on the page.' }),
      alternate_text: z
        .string()
        .nullable()
        .openapi({ description: 'Shown instead of the text during a walkthrough; null: the text.' }),
      input_placeholder: z.string().nullable(),
    }),
    input: z.object({ masked: z.boolean().openapi({ description: 'The captured value was masked.' }) }),
  })
  .openapi('WidgetWalkthroughStep');

const WalkthroughGuideSchema = z
  .object({
    id: Ulid,
    title: z.string(),
    description: z.string().nullable(),
    language: z.string(),
    step_count: z.number().int(),
    steps: z.array(WalkthroughStep),
  })
  .openapi('WidgetWalkthroughGuide');

export function walkthroughGuideJson(g: WalkthroughGuide): z.output<typeof WalkthroughGuideSchema> {
  return {
    id: g.id,
    title: g.title,
    description: g.description,
    language: g.language,
    step_count: g.steps.length,
    steps: g.steps.map((s) => ({
      id: s.id,
      seq: s.seq,
      type: s.type,
      text: s.text,
      element: {
        selector_candidates: s.element.selector_candidates,
        role: s.element.role,
        name: s.element.name,
        tag: s.element.tag,
        nearest_landmark: s.element.nearest_landmark,
        ancestors: s.element.ancestors,
        bounding_box: s.element.bounding_box,
      },
      drifted: s.drifted,
      walkthrough: s.walkthrough,
      input: s.input,
    })),
  };
}

const exampleStep = (
  seq: number,
  id: string,
  text: string,
  element: z.output<typeof WalkthroughStep>['element'],
  walkthrough: Partial<z.output<typeof WalkthroughStep>['walkthrough']> = {},
): z.output<typeof WalkthroughStep> => ({
  id,
  seq,
  type: walkthrough.input_placeholder ? 'input' : 'click',
  text,
  element,
  drifted: false,
  walkthrough: { enabled: true, alternate_text: null, input_placeholder: null, ...walkthrough },
  input: { masked: false },
});

export const widgetGetGuide = createRoute({
  operationId: 'widgetGetGuide',
  method: 'get',
  path: '/widget/guides/{guideId}',
  tags: [WIDGET_TAG],
  summary: 'A published guide for the walkthrough player',
  description:
    'The steps of a published guide with what the player needs to find each element on the page. A visitor ' +
    'may walk through public guides, and guides shared with customers once verified as a contact ' +
    '(Widget.user.set under the current identity secret); private guides never. 404 while ' +
    'feature.walkthrough.player is off, and for unknown, unpublished, foreign or out-of-audience guides (the ' +
    'same answer). Each step says whether it is drifted now (report a find of it with ' +
    "widgetReportGuideLocation) and carries the bounding box of the capture as the locator's last " +
    'tie-break. Screenshots, redactions and other capture data are not sent.',
  security: VISITOR_TOKEN,
  request: { params: z.object({ guideId: ulidParam('guideId') }) },
  responses: {
    200: {
      description: 'The guide.',
      content: json(z.object({ data: WalkthroughGuideSchema }), {
        data: {
          id: EXAMPLE_ID.guideId,
          title: 'Invite a teammate',
          description: 'Give a colleague access to your account.',
          language: 'en',
          step_count: 2,
          steps: [
            exampleStep(
              1,
              EXAMPLE_ID.stepId,
              'Open Account settings from the menu in the top right corner.',
              {
                selector_candidates: ['[data-test=account-menu]', 'header nav button:nth-of-type(3)'],
                role: 'button',
                name: 'Account settings',
                tag: 'button',
                nearest_landmark: 'banner',
                ancestors: [{ selectors: ['header nav'], prev: [], next: ['[data-test=help-menu]'] }],
                bounding_box: { x: 1180, y: 12, w: 88, h: 32 },
              },
            ),
            exampleStep(
              2,
              '01m6bhcep5rm0tp74507kcm8fk',
              "Type your colleague's email address.",
              {
                selector_candidates: ['#invite-email', 'input[name=email]'],
                role: 'textbox',
                name: 'Email address',
                tag: 'input',
                nearest_landmark: 'main',
                ancestors: [],
                bounding_box: null,
              },
              {
                alternate_text: 'Enter the email address of the person to invite.',
                input_placeholder: 'colleague@example.com',
              },
            ),
          ],
        },
      }),
    },
    ...errorResponses(401, 404),
  },
});
