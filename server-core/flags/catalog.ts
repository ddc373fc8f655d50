/**
 * Feature flags per workspace. A workspace without a row for a flag gets the default here.
 * docs/decisions/flags.md records the names the spec leaves open and why each default is what it is.
 */
export const FLAGS = {
  'feature.api.public_v1': { default: true, description: 'The public REST API under /api/v1.' },
  'feature.api.webhooks': { default: true, description: 'Webhook operations of the public API.' },
  'feature.contacts.event_tracking': {
    default: true,
    description: "Contact event ingestion, reading a contact's events, and widget tracking.",
  },
  'feature.experiences.core': {
    default: true,
    description: 'In-app experiences, the Onboarding tab and realtime.',
  },
  'feature.walkthrough.player': { default: true, description: 'On-page guide walkthroughs in the widget.' },
  'feature.automation.execute': {
    default: false,
    description: 'Automated execution of guides in the widget.',
  },
  'feature.messaging.launcher_icon': {
    default: true,
    description: 'A custom launcher icon instead of the bubble.',
  },
  'feature.helpcenter.sign_in_url': {
    default: true,
    description: 'A sign-in URL for authenticated help-center articles.',
  },
  'feature.oauth.app_platform': {
    default: true,
    description: 'OAuth app registration and the consent flow.',
  },
  'feature.data_exports': { default: true, description: 'Workspace data exports.' },
} as const satisfies Record<string, { default: boolean; description: string }>;

export type Flag = keyof typeof FLAGS;

export function isFlag(value: unknown): value is Flag {
  return typeof value === 'string' && Object.hasOwn(FLAGS, value);
}
