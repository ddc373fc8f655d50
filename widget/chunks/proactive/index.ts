import type { components } from '../../../bff/openapi/schema';
import { analyticsConsent } from '../../core/consent';
import type { Runtime } from '../../core/runtime';
import { readKey, writeKey } from '../../core/storage';
import { fill } from '../../ui/messages';
import { adoptStyles } from '../../ui/sheet';
import type { SurfaceHost } from '../../ui/surface-host';
import { themeCss } from '../../ui/theme';
import { rulesHold, scrollPercent } from './rules';
import { BUBBLE_CSS } from './styles';

type Presence = components['schemas']['WidgetPresenceResponse']['data'];

/** A trigger that fired this long ago still holds a campaign back (the server's `trigger_message`). */
const JUST_FIRED_MS = 60_000;
const TICK_MS = 500;

/** What the entry hands the chunk: the custom events of this page view so far (it keeps adding). */
export interface ProactiveStart {
  host: SurfaceHost;
  rt: Runtime;
  pageEvents: string[];
  /** Whether the visitor is identified (then presence is reported at once; later user.set calls report again). */
  identified: () => boolean;
}

/**
 * The proactive chunk (docs/decisions/proactive.md): trigger messages evaluated in the browser (each at
 * most once per browser: a `widget:fired:<id>` key is written before the bubble shows) and campaigns
 * the server decides on boot and after user.set, in one bubble above the launcher. A campaign is already
 * in the visitor's conversation when it arrives; campaign.shown and campaign.clicked go out only after
 * Widget.consent(true). Never throws into the page.
 */
export function startProactive({ host, rt, pageEvents, identified }: ProactiveStart): void {
  const w = window;
  const d = document;
  let pageStart = Date.now();
  let firedAt = 0;
  let scrolled = 0;
  let bubble: { el: HTMLElement; campaign: string | null } | null = null;
  const pending = rt.config.trigger_rules.filter((m) => !readKey(`fired:${m.id}`));

  const beacon = (campaign: string, kind: 'campaign.shown' | 'campaign.clicked') => {
    if (analyticsConsent()) void rt.call('POST', `widget/campaigns/${campaign}/beacons`, { kind });
  };

  function close() {
    bubble?.el.remove();
    bubble = null;
  }

  function show(body: string, campaign: string | null, conversation: string | null) {
    close();
    const el = d.createElement('div');
    el.setAttribute('data-widget-chrome', 'proactive');
    const side = rt.config.widget_settings.launcher_side === 'left' ? 'left' : 'right';
    for (const [k, v] of [
      ['position', 'fixed'],
      ['z-index', '2147483000'],
      ['bottom', '88px'],
      [side, '20px'],
      ['display', 'block'],
    ])
      el.style.setProperty(k!, v!, 'important');
    const root = el.attachShadow({ mode: 'open' });
    adoptStyles(root, themeCss(host.theme, ':host') + BUBBLE_CSS);
    const { t } = host.cat;
    const region = d.createElement('div');
    region.className = 'q';
    region.setAttribute('role', 'region');
    region.setAttribute('aria-label', fill(t.bubble, { name: rt.config.workspace_name }));
    region.lang = host.cat.lang;
    const text = d.createElement('button');
    text.type = 'button';
    text.className = 'm';
    text.textContent = body;
    text.onclick = () => {
      if (campaign) beacon(campaign, 'campaign.clicked');
      close();
      rt.ui.set({ open: true, kb: false, tab: 'chat', conversation: conversation ?? 'new' });
    };
    const x = d.createElement('button');
    x.type = 'button';
    x.className = 'x';
    x.setAttribute('aria-label', t.bubbleClose);
    x.textContent = '×';
    x.onclick = close;
    region.append(text, x);
    root.append(region);
    (d.body ?? d.documentElement).append(el);
    bubble = { el, campaign };
    if (campaign) beacon(campaign, 'campaign.shown');
  }

  function check() {
    if (bubble || pending.length === 0) return;
    const page = {
      href: w.location.href,
      seconds: (Date.now() - pageStart) / 1000,
      scrolled,
      events: pageEvents,
    };
    const i = pending.findIndex((m) => rulesHold(m.rules, page));
    if (i < 0) return;
    const [m] = pending.splice(i, 1);
    // Once per browser: marked before it shows, so a reload mid-way cannot show it twice.
    writeKey(`fired:${m!.id}`, '1');
    firedAt = Date.now();
    show(m!.body, null, null);
  }

  async function report() {
    const reply = await rt.call<{ data: Presence }>('POST', 'widget/campaigns/presence', {
      trigger_just_fired: firedAt > 0 && Date.now() - firedAt < JUST_FIRED_MS,
    });
    const c = reply.status === 200 ? reply.body?.data.campaign : null;
    if (c) show(c.body, c.campaign_id, c.conversation_id);
  }
  const safeReport = () => report().catch((err) => host.warn('the campaign check failed', err));

  if (pending.length > 0) {
    const onScroll = () => {
      scrolled = Math.max(scrolled, scrollPercent(d, w));
      check();
    };
    w.addEventListener('scroll', onScroll, { passive: true });
    rt.events.on('custom-event', check);
    rt.events.on('route', () => {
      pageStart = Date.now();
      scrolled = 0;
      check();
    });
    const timer = w.setInterval(() => {
      if (pending.length === 0) {
        w.clearInterval(timer);
        w.removeEventListener('scroll', onScroll);
      } else check();
    }, TICK_MS);
    onScroll();
  }
  rt.events.on('identity', safeReport);
  if (identified()) void safeReport();
}
