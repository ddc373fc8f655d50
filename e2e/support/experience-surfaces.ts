import type { Browser, Page } from 'playwright';
import { inject } from 'vitest';
import type { BannerContent, LauncherContent, Targeting } from '../../server-core/experiences/definition';
import { targeting } from '../../server-core/testing/experiences';
import { experienceWatch, type Published } from './experiences';
import { portalSession, type Seeded } from './widget';

/**
 * Launchers and banners authored through the portal operations (createExperience, publishExperience) for
 * a fresh workspace, and a watch of the page that also records the analytics beacons and what each
 * decision delivered (issue 14, docs/decisions/experiences.md Part 2).
 */
export async function authorSurfaces(ws: Seeded, base = inject('serverUrl')) {
  const portal = await portalSession(ws, base);
  const root = `/workspaces/${ws.workspaceId}`;
  const publish = async (type: string, name: string, draft: unknown): Promise<Published> => {
    const { data } = await portal<{ data: { id: string } }>('POST', `${root}/experiences`, {
      type,
      name,
      draft,
    });
    return (await portal<{ data: Published }>('POST', `${root}/experiences/${data.id}/publish`)).data;
  };
  return {
    launcher: (name: string, content: LauncherContent, on: Partial<Targeting> = {}) =>
      publish('launcher', name, { targeting: targeting(on), frequency: null, content }),
    banner: (
      name: string,
      content: Partial<BannerContent> & { message: string },
      opts: { targeting?: Partial<Targeting>; frequency?: 'once' | 'unlimited' } = {},
    ) =>
      publish('banner', name, {
        targeting: targeting(opts.targeting),
        frequency: { kind: opts.frequency ?? 'unlimited' },
        content: {
          button: null,
          placement: 'top',
          target: null,
          sticky: !content.placement || content.placement === 'top' || content.placement === 'bottom',
          dismissible: true,
          ...content,
        } satisfies BannerContent,
      }),
  };
}

/** Pages whose path starts with `prefix` (any query: a same-page route change keeps matching). */
export const under = (prefix: string): Partial<Targeting> => ({
  pages: { include: [{ match: 'prefix', value: prefix }], exclude: [] },
});

/** A tooltip launcher's content on `selector`. */
export const tooltip = (
  selector: string,
  text: string,
  o: Partial<Omit<LauncherContent, 'target' | 'action'>> = {},
): LauncherContent => ({
  kind: 'beacon',
  target: { selector },
  label: null,
  activation: 'click',
  action: { type: 'tooltip', text },
  ...o,
});

/** What one decision delivered: the launcher and banner experience ids. */
export interface Delivered {
  launchers: string[];
  banners: string[];
}

/**
 * experienceWatch, plus the widget/beacons requests with their bodies, the decisions' launchers and
 * banners (answers of GET widget/experiences and POST widget/experiences/conditions), and the chunk files.
 */
export async function surfaceWatch(browser: Browser, options: Parameters<typeof experienceWatch>[1] = {}) {
  const w = await experienceWatch(browser, options);
  const beacons: Record<string, unknown>[] = [];
  const delivered: Delivered[] = [];
  w.page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/widget/beacons' && r.method() === 'POST')
      beacons.push(r.postDataJSON() as Record<string, unknown>);
  });
  w.page.on('response', async (r) => {
    const u = new URL(r.url());
    const decision =
      (r.request().method() === 'GET' && u.pathname === '/widget/experiences') ||
      u.pathname === '/widget/experiences/conditions';
    if (!decision || r.status() !== 200) return;
    try {
      const { data } = (await r.json()) as {
        data: { launchers: { experience_id: string }[]; banners: { experience_id: string }[] };
      };
      delivered.push({
        launchers: data.launchers.map((l) => l.experience_id),
        banners: data.banners.map((b) => b.experience_id),
      });
    } catch {
      // a page closed before the body was read
    }
  });
  const seen = () => w.sent.filter((s) => s.method === 'POST' && s.path.endsWith('/seen'));
  const chunks = (name: 'launcher' | 'banner' | 'position') =>
    w.assets.filter((a) => a.startsWith(`${name}-`));
  return { ...w, beacons, delivered, seen, chunks };
}

export type SurfaceWatch = Awaited<ReturnType<typeof surfaceWatch>>;

/** Widget.consent(granted) in the page. */
export const consent = (page: Page, granted: boolean) =>
  page.evaluate(
    (g) => (window as unknown as { Widget: { consent(g: boolean): void } }).Widget.consent(g),
    granted,
  );

/** A region (a banner) by its accessible name. */
export const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

/** The box of a locator (it must be laid out). */
export async function rect(page: Page, selector: string) {
  return page.locator(selector).evaluate((el) => {
    const r = el.getBoundingClientRect();
    return { top: r.top, bottom: r.bottom, left: r.left, right: r.right, height: r.height };
  });
}
