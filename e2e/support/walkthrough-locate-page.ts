import { pageFacts } from '../../widget/chunks/walkthrough/facts';
import { fill } from '../../widget/chunks/walkthrough/fill';
import { type Located, locate, waitLocate } from '../../widget/chunks/walkthrough/locate';
import type { ElementDescriptor } from '../../widget/chunks/walkthrough/types';

/**
 * The walkthrough chunk's locator on a fixture page (e2e/walkthrough-locate.e2e.test.ts): the real
 * functions of widget/chunks/walkthrough/locate.ts, bundled and minified like the widget by
 * e2e/support/walkthrough-harness.ts. A verdict is `found:<id of the element>`, `ambiguous` or `missing`.
 */
const verdict = (r: Located) => (r.kind === 'found' ? `found:${r.el.id}` : r.kind);

const descriptor = (d: Partial<ElementDescriptor>): ElementDescriptor => ({
  selector_candidates: [],
  role: null,
  name: null,
  tag: null,
  nearest_landmark: null,
  ancestors: [],
  bounding_box: null,
  ...d,
});

(window as unknown as { locateTest: unknown }).locateTest = {
  locate: (d: Partial<ElementDescriptor>) => verdict(locate(descriptor(d))),
  wait: (d: Partial<ElementDescriptor>, ms: number) =>
    new Promise<{ verdict: string; ms: number }>((resolve) => {
      const t0 = performance.now();
      waitLocate(descriptor(d), ms, (r) => resolve({ verdict: verdict(r), ms: performance.now() - t0 }));
    }),
  /** The automation runner's page facts (booleans only). */
  facts: () => pageFacts(),
  /** The runner's fill of the element with this id. */
  fill: (id: string, value: string) => fill(document.getElementById(id)!, value),
  /** The locator over many steps (the bench): each step's time in ms. */
  time: (steps: Partial<ElementDescriptor>[]) =>
    steps.map((d) => {
      const t0 = performance.now();
      locate(descriptor(d));
      return performance.now() - t0;
    }),
};
