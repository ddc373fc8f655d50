import type { Browser, Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ElementDescriptor } from '../widget/chunks/walkthrough/types';
import { launchChromium } from './support/browser';
import { buildLocateHarness } from './support/walkthrough-harness';

/**
 * The walkthrough's element locator (widget/chunks/walkthrough/locate.ts) in real Chromium: visibility
 * needs layout, so not jsdom. Each case is a small fixture page; the verdict is `found:<id>`, `ambiguous`
 * or `missing` (e2e/support/walkthrough-locate-page.ts).
 */
let browser: Browser;
let harness: string;
let page: Page;

beforeAll(async () => {
  [browser, harness] = await Promise.all([launchChromium(), buildLocateHarness()]);
  page = await browser.newPage({ viewport: { width: 1000, height: 700 } });
});
afterAll(async () => {
  await browser?.close();
});

type D = Partial<ElementDescriptor>;

async function fixture(body: string): Promise<void> {
  await page.setContent(`<!doctype html><html lang="en"><body>${body}</body></html>`);
  await page.addScriptTag({ content: harness });
}
const locate = (d: D) =>
  page.evaluate((x) => (window as never as { locateTest: { locate(d: D): string } }).locateTest.locate(x), d);
const wait = (d: D, ms: number) =>
  page.evaluate(
    ([x, t]) =>
      (
        window as never as {
          locateTest: { wait(d: D, ms: number): Promise<{ verdict: string; ms: number }> };
        }
      ).locateTest.wait(x, t),
    [d, ms] as const,
  );

const TWO_SAVES = `
<header><nav id="top"><button class="save" id="s1">Save</button></nav></header>
<main><form id="billing"><h2 id="h">Billing</h2><button class="save" id="s2">Save</button><a id="after" href="#">Help</a></form></main>`;

describe('each signal alone', () => {
  it('the first selector alone finds a unique element', async () => {
    await fixture('<button id="a">One</button><button id="b">Two</button>');
    expect(await locate({ selector_candidates: ['#b'] })).toBe('found:b');
  });
  it('role and accessible name alone find it', async () => {
    await fixture('<button id="a">Cancel</button><button id="b">Invite teammate</button>');
    expect(await locate({ role: 'button', name: 'Invite teammate' })).toBe('found:b');
  });
  it('the accessible name alone (aria-label) finds it', async () => {
    await fixture('<button id="a" aria-label="Close dialog">×</button><button id="b">Open</button>');
    expect(await locate({ name: 'close dialog' })).toBe('found:a');
  });
  it('a label[for] names an input', async () => {
    await fixture(
      '<label for="e">Email address</label><input id="e"><label for="p">Phone</label><input id="p">',
    );
    expect(await locate({ role: 'textbox', name: 'Email address' })).toBe('found:e');
  });
  it('a wrapping label names an input', async () => {
    await fixture('<label>Company <input id="c"></label><label>City <input id="t"></label>');
    expect(await locate({ tag: 'input', name: 'City' })).toBe('found:t');
  });
  it('aria-labelledby names a region control', async () => {
    await fixture(
      '<span id="l">Quantity</span><input id="q" aria-labelledby="l"><input id="o" aria-label="Other">',
    );
    expect(await locate({ role: 'textbox', name: 'Quantity' })).toBe('found:q');
  });
  it('alt names an image link, title and placeholder name what has nothing else', async () => {
    await fixture(
      '<a id="home" href="/"><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" width="20" height="20" alt="Home"></a>' +
        '<button id="t" title="Settings"></button><input id="ph" placeholder="Search orders">',
    );
    expect(await locate({ role: 'link', name: 'Home' })).toBe('found:home');
    expect(await locate({ role: 'button', name: 'Settings' })).toBe('found:t');
    expect(await locate({ role: 'textbox', name: 'Search orders' })).toBe('found:ph');
  });
  it('a tag alone is not enough evidence', async () => {
    await fixture('<button id="a">Only one</button>');
    expect(await locate({ tag: 'button' })).toBe('missing');
  });
  it('an empty descriptor is missing', async () => {
    await fixture('<button id="a">Only one</button>');
    expect(await locate({})).toBe('missing');
  });
});

describe('selectors in order of trust', () => {
  it('a stale first selector, a good second one', async () => {
    await fixture('<button id="new-id" class="invite">Invite</button>');
    expect(await locate({ selector_candidates: ['#old-id', 'button.invite'], name: 'Invite' })).toBe(
      'found:new-id',
    );
  });
  it('a first selector that now points at another element loses to role, name and tag', async () => {
    await fixture('<div id="old" class="cta">Banner text</div><button id="real">Invite</button>');
    expect(
      await locate({ selector_candidates: ['.cta'], tag: 'button', role: 'button', name: 'Invite' }),
    ).toBe('found:real');
  });
  it('a selector with a syntax error is skipped, the next one used', async () => {
    await fixture('<button id="ok">Go</button>');
    expect(await locate({ selector_candidates: ['button[[', '#ok'] })).toBe('found:ok');
  });
  it('only broken selectors and nothing else: missing, no exception', async () => {
    await fixture('<button id="ok">Go</button>');
    expect(await locate({ selector_candidates: ['::nope(', '>>>'] })).toBe('missing');
  });
  it('broken ancestor selectors are skipped too', async () => {
    await fixture('<nav><button id="ok">Go</button></nav>');
    expect(
      await locate({
        selector_candidates: ['#ok'],
        ancestors: [{ selectors: ['nav[['], prev: ['(('], next: [] }],
      }),
    ).toBe('found:ok');
  });
});

describe('duplicates', () => {
  it('two identical candidates and nothing to tell them apart: ambiguous', async () => {
    await fixture('<button id="a" class="save">Save</button><button id="b" class="save">Save</button>');
    expect(
      await locate({ selector_candidates: ['.save'], role: 'button', name: 'Save', tag: 'button' }),
    ).toBe('ambiguous');
  });
  it('disambiguated by an ancestor', async () => {
    await fixture(TWO_SAVES);
    expect(
      await locate({
        selector_candidates: ['.save'],
        name: 'Save',
        ancestors: [{ selectors: ['#billing'], prev: [], next: [] }],
      }),
    ).toBe('found:s2');
  });
  it('disambiguated by an ancestor with its siblings', async () => {
    await fixture(
      '<div><p class="x">a</p><div class="row" id="r1"><button id="b1">Edit</button></div><p class="y">b</p></div>' +
        '<div><span>c</span><div class="row" id="r2"><button id="b2">Edit</button></div><hr></div>',
    );
    expect(
      await locate({
        name: 'Edit',
        role: 'button',
        ancestors: [{ selectors: ['.row'], prev: ['p.x'], next: ['p.y'] }],
      }),
    ).toBe('found:b1');
  });
  it('disambiguated by the nearest landmark', async () => {
    await fixture(TWO_SAVES);
    expect(await locate({ role: 'button', name: 'Save', nearest_landmark: 'navigation' })).toBe('found:s1');
    expect(await locate({ role: 'button', name: 'Save', nearest_landmark: 'form' })).toBe('found:s2');
  });
  it('disambiguated by the bounding box, the last tie-breaker', async () => {
    await fixture(
      '<button id="l" class="save" style="position:absolute;left:20px;top:300px;width:80px;height:30px">Save</button>' +
        '<button id="r" class="save" style="position:absolute;left:800px;top:300px;width:80px;height:30px">Save</button>',
    );
    expect(
      await locate({
        selector_candidates: ['.save'],
        name: 'Save',
        bounding_box: { x: 790, y: 296, w: 82, h: 30 },
      }),
    ).toBe('found:r');
  });
  it('a box halfway between two identical candidates decides nothing', async () => {
    await fixture(
      '<button id="l" class="save" style="position:absolute;left:100px;top:300px;width:80px;height:30px">Save</button>' +
        '<button id="r" class="save" style="position:absolute;left:500px;top:300px;width:80px;height:30px">Save</button>',
    );
    expect(
      await locate({
        selector_candidates: ['.save'],
        name: 'Save',
        bounding_box: { x: 300, y: 300, w: 80, h: 30 },
      }),
    ).toBe('ambiguous');
  });
  it('the box never overrides a clearly better score', async () => {
    await fixture(
      '<button id="a" style="position:absolute;left:20px;top:20px">Save</button>' +
        '<button id="b" style="position:absolute;left:600px;top:20px">Save draft</button>',
    );
    expect(
      await locate({ role: 'button', name: 'Save', bounding_box: { x: 600, y: 20, w: 90, h: 20 } }),
    ).toBe('found:a');
  });
});

describe('never an unusable element', () => {
  const hidden = [
    ['display:none', '<button id="h" class="go" style="display:none">Go</button>'],
    ['visibility:hidden', '<button id="h" class="go" style="visibility:hidden">Go</button>'],
    [
      'zero size',
      '<button id="h" class="go" style="width:0;height:0;padding:0;border:0;overflow:hidden">Go</button>',
    ],
    ['inside an inert subtree', '<div inert><button id="h" class="go">Go</button></div>'],
    ['inside an aria-hidden subtree', '<div aria-hidden="true"><button id="h" class="go">Go</button></div>'],
    ['the hidden attribute', '<button id="h" class="go" hidden>Go</button>'],
  ];
  for (const [what, html] of hidden) {
    it(`${what}: missing, and the visible twin is found`, async () => {
      await fixture(html!);
      expect(await locate({ selector_candidates: ['.go'], role: 'button', name: 'Go' })).toBe('missing');
      await fixture(`${html}<button id="v" class="go">Go</button>`);
      expect(await locate({ selector_candidates: ['.go'], role: 'button', name: 'Go' })).toBe('found:v');
    });
  }
  it('a disabled button, an aria-disabled one and a control of a disabled fieldset are never chosen', async () => {
    await fixture(
      '<button id="d" class="go" disabled>Go</button><button id="ad" class="go" aria-disabled="true">Go</button>' +
        '<fieldset disabled><input id="f" class="go" aria-label="Go"></fieldset>',
    );
    expect(await locate({ selector_candidates: ['.go'], name: 'Go' })).toBe('missing');
    expect(await locate({ selector_candidates: ['#d'] })).toBe('missing');
  });
  it('an element removed from the page is never returned', async () => {
    await fixture('<button id="gone">Go</button>');
    await page.evaluate(() => document.getElementById('gone')!.remove());
    expect(await locate({ selector_candidates: ['#gone'], name: 'Go' })).toBe('missing');
  });
  it("the widget's own elements are never candidates", async () => {
    await fixture('<div data-widget-chrome="walkthrough"><button id="w">Next</button></div>');
    expect(await locate({ role: 'button', name: 'Next' })).toBe('missing');
  });
});

describe('waiting for late elements', () => {
  it('an element added after 400 ms is found when it comes', async () => {
    await fixture('<main id="m"></main>');
    await page.evaluate(() =>
      setTimeout(() => {
        document.getElementById('m')!.innerHTML = '<button id="late">Continue</button>';
      }, 400),
    );
    const r = await wait({ role: 'button', name: 'Continue' }, 5000);
    expect(r.verdict).toBe('found:late');
    expect(r.ms).toBeGreaterThan(300);
    expect(r.ms).toBeLessThan(2000);
  });
  it('an element revealed (display none to block) is found when it shows', async () => {
    await fixture('<button id="menu" style="display:none">Profile</button>');
    await page.evaluate(() =>
      setTimeout(() => document.getElementById('menu')!.removeAttribute('style'), 300),
    );
    expect((await wait({ selector_candidates: ['#menu'] }, 5000)).verdict).toBe('found:menu');
  });
  it('a disabled button that becomes enabled is found then', async () => {
    await fixture('<button id="pay" disabled>Pay</button>');
    await page.evaluate(() =>
      setTimeout(() => document.getElementById('pay')!.removeAttribute('disabled'), 300),
    );
    expect((await wait({ role: 'button', name: 'Pay' }, 5000)).verdict).toBe('found:pay');
  });
  it('a never-appearing element is missing after the bound, not before', async () => {
    await fixture('<button id="x">Other</button>');
    const r = await wait({ selector_candidates: ['#never'], role: 'button', name: 'Never' }, 1500);
    expect(r.verdict).toBe('missing');
    expect(r.ms).toBeGreaterThanOrEqual(1450);
    expect(r.ms).toBeLessThan(3000);
  });
  it('a duplicate that stays a duplicate ends ambiguous after the bound', async () => {
    await fixture('<button id="a">Save</button><button id="b">Save</button>');
    expect((await wait({ role: 'button', name: 'Save' }, 600)).verdict).toBe('ambiguous');
  });
  it('a duplicate that goes away resolves to the one left', async () => {
    await fixture('<button id="a">Save</button><button id="b">Save</button>');
    await page.evaluate(() => setTimeout(() => document.getElementById('a')!.remove(), 200));
    expect((await wait({ role: 'button', name: 'Save' }, 3000)).verdict).toBe('found:b');
  });
});

describe('shadow-free pages of every kind', () => {
  it('links, selects and headings by implicit role', async () => {
    await fixture(
      '<h2 id="h">Plans</h2><a id="l" href="/pricing">Pricing</a><label for="s">Country</label>' +
        '<select id="s"><option>France</option></select>',
    );
    expect(await locate({ role: 'heading', name: 'Plans' })).toBe('found:h');
    expect(await locate({ role: 'link', name: 'Pricing' })).toBe('found:l');
    expect(await locate({ role: 'combobox', name: 'Country' })).toBe('found:s');
  });
  it('an explicit role wins over the tag', async () => {
    await fixture('<div id="t" role="tab" tabindex="0">Billing</div><button id="b">Billing</button>');
    expect(await locate({ role: 'tab', name: 'Billing' })).toBe('found:t');
  });
  it('names ignore case, extra spaces and hidden text', async () => {
    await fixture('<button id="b">  Add <span aria-hidden="true">+</span>\n  member </button>');
    expect(await locate({ role: 'button', name: 'add member' })).toBe('found:b');
  });
  it('a partial name is weaker than an exact one', async () => {
    await fixture('<button id="a">Invite</button><button id="b">Invite teammate</button>');
    expect(await locate({ role: 'button', name: 'Invite teammate' })).toBe('found:b');
    expect(await locate({ role: 'button', name: 'Invite' })).toBe('found:a');
  });
  it('an element scrolled out of view is still found (visible, just not in the viewport)', async () => {
    await fixture('<div style="height:3000px"></div><button id="far">Far away</button>');
    expect(await locate({ role: 'button', name: 'Far away' })).toBe('found:far');
  });
});

type Lt = {
  facts(): { password_field: boolean; card_number_field: boolean };
  fill(id: string, v: string): void;
};

describe("the automation runner's page facts and fill (same chunk)", () => {
  it('says whether the page has a password field or a payment-card field, as booleans', async () => {
    await fixture('<input name="q"><input id="e" type="email">');
    expect(await page.evaluate(() => (window as never as { locateTest: Lt }).locateTest.facts())).toEqual({
      password_field: false,
      card_number_field: false,
    });
    const cases = [
      [
        '<input type="password" name="pw" style="display:none">',
        { password_field: true, card_number_field: false },
      ],
      ['<input autocomplete="cc-number" name="n">', { password_field: false, card_number_field: true }],
      ['<input autocomplete="billing cc-csc">', { password_field: false, card_number_field: true }],
      ['<input autocomplete="cc-exp-month">', { password_field: false, card_number_field: true }],
      ['<input name="cardNumber">', { password_field: false, card_number_field: true }],
      ['<input id="cc_num">', { password_field: false, card_number_field: true }],
      ['<input name="credit-card">', { password_field: false, card_number_field: true }],
      [
        '<input name="discount_card_name"><input name="cardholder">',
        { password_field: false, card_number_field: false },
      ],
    ] as const;
    for (const [html, want] of cases) {
      await fixture(html);
      expect(
        await page.evaluate(() => (window as never as { locateTest: Lt }).locateTest.facts()),
        html,
      ).toEqual(want);
    }
  });
  it('fills through the native setter with input and change events (a React-style tracker sees it)', async () => {
    await fixture(
      '<input id="n"><select id="s"><option>a</option><option>b</option></select><textarea id="t"></textarea>',
    );
    const seen = await page.evaluate(() => {
      const log: string[] = [];
      for (const id of ['n', 's', 't']) {
        const el = document.getElementById(id) as HTMLInputElement;
        // An own value property shadowing the prototype's (what React installs) must not swallow the fill.
        let own = '';
        Object.defineProperty(el, 'value', {
          get: () => own,
          set: (v: string) => {
            own = `own:${v}`;
          },
          configurable: true,
        });
        el.addEventListener('input', (e) => log.push(`${id} input ${(e.target as Element).id}`));
        el.addEventListener('change', () => log.push(`${id} change`));
      }
      const { locateTest } = window as never as { locateTest: Lt };
      locateTest.fill('n', 'Ada');
      locateTest.fill('s', 'b');
      locateTest.fill('t', 'Hello');
      const real = (id: string, proto: object) =>
        Object.getOwnPropertyDescriptor(proto, 'value')!.get!.call(document.getElementById(id));
      return {
        log,
        values: [
          real('n', HTMLInputElement.prototype),
          real('s', HTMLSelectElement.prototype),
          real('t', HTMLTextAreaElement.prototype),
        ],
      };
    });
    expect(seen.values).toEqual(['Ada', 'b', 'Hello']);
    expect(seen.log).toEqual(['n input n', 'n change', 's input s', 's change', 't input t', 't change']);
  });
});
