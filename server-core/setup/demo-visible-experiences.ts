import {
  type AnnouncementContent,
  type BannerContent,
  type DefinitionInput,
  defaultTargeting,
  type LauncherContent,
  type OptionalIds,
  type SurveyContent,
  type UrlRule,
} from '../experiences/definition';
import type { ExperienceType } from '../experiences/experience';

/**
 * The launcher, banner, announcement and survey of the demo (issue 14): what /demo and /demo/feedback show
 * besides the store tour and the onboarding program. Texts match the documented example decision
 * (bff/contract/experience-examples.ts), so a curl against a demo install meets what the example shows.
 */

export const DEMO_LAUNCHER_SLUG = 'store-basket-launcher';
export const DEMO_BANNER_SLUG = 'store-delivery-banner';
export const DEMO_ANNOUNCEMENT_SLUG = 'store-gift-cards';
export const DEMO_SURVEY_SLUG = 'store-feedback-survey';

/** The second demo page (bff/routes/site/demo.ts), where the survey lives: the store keeps its tour's slot. */
export const DEMO_FEEDBACK_PATH = '/demo/feedback';
/** The contact attribute the survey's NPS answer is filed under (identified visitors). */
export const DEMO_NPS_ATTRIBUTE = 'nps_score';
/** The element of the store page the launcher's beacon is anchored to (bff/routes/site/demo-store-page.ts). */
export const DEMO_LAUNCHER_SELECTOR = '#cart';

const onPage = (rule: UrlRule, priority = 0) => ({
  ...defaultTargeting(),
  pages: { include: [rule], exclude: [] },
  priority,
});
const STORE_PAGE: UrlRule = { match: 'exact', value: '/demo' };
const FEEDBACK_PAGE: UrlRule = { match: 'exact', value: DEMO_FEEDBACK_PATH };
const DEMO_PAGES: UrlRule = { match: 'prefix', value: '/demo' };

export const DEMO_LAUNCHER: LauncherContent = {
  kind: 'beacon',
  target: { selector: DEMO_LAUNCHER_SELECTOR },
  label: null,
  activation: 'hover',
  action: { type: 'tooltip', text: 'Your basket lives here.' },
};

export const DEMO_BANNER: BannerContent = {
  message: 'Free delivery this week.',
  button: { label: 'See how', url: null, action: 'open_help' },
  placement: 'top',
  target: null,
  sticky: true,
  dismissible: true,
};

export const DEMO_ANNOUNCEMENT: AnnouncementContent = {
  distribution: 'badge',
  title: 'Gift cards are here',
  body: 'Buy one from the basket.',
  starts_at: null,
  ends_at: null,
};

/** Readable question and option ids, so the answers listing and the documented examples name them. */
export const DEMO_SURVEY: OptionalIds<SurveyContent> = {
  placement: 'corner',
  thank_you: 'Thank you! Your answers help us make the store better.',
  questions: [
    {
      id: 'recommend',
      kind: 'nps',
      prompt: 'How likely are you to recommend Acme Outfitters to a friend?',
      attribute_key: DEMO_NPS_ATTRIBUTE,
    },
    {
      id: 'came-for',
      kind: 'choice',
      prompt: 'What brought you here today?',
      attribute_key: null,
      multiple: false,
      options: [
        { id: 'shoes', label: 'Shoes' },
        { id: 'packs', label: 'Packs and bags' },
        { id: 'clothing', label: 'Rain gear and clothing' },
        { id: 'browsing', label: 'Just browsing' },
      ],
    },
    {
      id: 'improve',
      kind: 'freetext',
      prompt: 'What could we do better?',
      attribute_key: null,
      placeholder: 'Anything: products, delivery, this demo…',
    },
  ],
};

/** The four experiences the seed adds when missing, each published under its stable slug. */
export const DEMO_VISIBLE_EXPERIENCES: readonly {
  slug: string;
  type: ExperienceType;
  name: string;
  draft: DefinitionInput;
}[] = [
  {
    slug: DEMO_LAUNCHER_SLUG,
    type: 'launcher',
    name: 'Basket beacon',
    draft: { targeting: onPage(STORE_PAGE), frequency: null, content: DEMO_LAUNCHER },
  },
  {
    slug: DEMO_BANNER_SLUG,
    type: 'banner',
    name: 'Free delivery banner',
    // Until dismissed: the banner comes back on every visit to the store until its close button is used.
    draft: { targeting: onPage(STORE_PAGE), frequency: { kind: 'unlimited' }, content: DEMO_BANNER },
  },
  {
    slug: DEMO_ANNOUNCEMENT_SLUG,
    type: 'announcement',
    name: 'Gift cards',
    draft: { targeting: onPage(DEMO_PAGES), frequency: null, content: DEMO_ANNOUNCEMENT },
  },
  {
    slug: DEMO_SURVEY_SLUG,
    type: 'survey',
    name: 'Store feedback',
    draft: { targeting: onPage(FEEDBACK_PAGE, 10), frequency: { kind: 'once' }, content: DEMO_SURVEY },
  },
];
