import { describeError } from '../../core/transport';
import { AUTOMATION_KEY, WALKTHROUGH_KEY, type WalkthroughJob } from '../../core/walkthrough-types';
import { automate } from './automation';
import { pageFacts } from './facts';
import type { WalkthroughHost } from './host';
import { pageUrl } from './logic';
import { type Handle, walk } from './player';
import { drop, load, type RunState, type WalkState } from './session';
import type { Guide } from './types';

export type { ElementDescriptor, Guide, GuideStep } from './types';

let walking: Handle | null = null;
let running: Handle | null = null;

/** GET widget/guides/{id}: the guide, or null after one warning (404: unknown, unpublished, flag off). */
async function fetchGuide(host: WalkthroughHost, guideId: string, what: string): Promise<Guide | null> {
  const r = await host.call<{ data: Guide }>('GET', `widget/guides/${guideId}`);
  if (r.status === 200 && r.body?.data) return r.body.data;
  host.warn(`${what}: the guide ${guideId} is not available (${describeError(r)})`);
  return null;
}

/**
 * The walkthrough chunk's one entry point (docs/decisions/walkthroughs.md): start a walkthrough, run an
 * automation, or resume whichever sessionStorage holds after a full page load. A new walkthrough ends the
 * one playing; one automation runs at a time. Never throws (the caller warns on a rejected promise).
 */
export async function runWalkthrough(host: WalkthroughHost, job: WalkthroughJob): Promise<void> {
  if (job.kind === 'resume') {
    const run = load<RunState>(AUTOMATION_KEY);
    if (run?.runId && !running) running = automate(host, run);
    else if (!run) drop(AUTOMATION_KEY);
    const w = load<WalkState>(WALKTHROUGH_KEY);
    if (w && !walking) walking = walk(host, w.guide, w);
    else if (!w) drop(WALKTHROUGH_KEY);
    return;
  }
  if (job.kind === 'walkthrough') {
    const guide = await fetchGuide(host, job.guideId, 'walkthrough.start');
    if (!guide) return;
    walking?.stop();
    walking = walk(host, guide, { index: 0, from: location.href });
    return;
  }
  if (running && document.querySelector('[data-widget-chrome=automation]'))
    return host.warn('automation.run: an automation is running already');
  const guide = await fetchGuide(host, job.guideId, 'automation.run');
  if (!guide) return;
  const r = await host.call<{ data: { id: string } }>('POST', 'widget/automation-runs', {
    guide_id: guide.id,
    url: pageUrl(location),
    page: pageFacts(),
  });
  if (r.status !== 201 || !r.body?.data?.id)
    return host.warn(`automation.run: the run was refused (${describeError(r)})`);
  const state: RunState = {
    runId: r.body.data.id,
    guideId: guide.id,
    guide,
    index: 0,
    from: location.href,
    prefill: job.prefill,
    recorded: false,
  };
  running = automate(host, state);
}
