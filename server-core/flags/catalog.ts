/**
 * Feature flags per workspace. A workspace without a row for a flag gets the default here.
 * docs/decisions/flags.md records the names the spec leaves open and why each default is what it is.
 *
 * `built` says whether the feature a flag switches exists. Flags of features not built yet keep their
 * names here (the specification names them), but operators are not offered them: `npm run ops` lists and
 * switches built flags only.
 */
export const FLAGS = {
  'feature.api.public_v1': { built: true, default: true, description: 'The public REST API under /api/v1.' },
  'feature.api.webhooks': {
    built: true,
    default: true,
    description: 'Webhook operations of the public API.',
  },
  'feature.contacts.event_tracking': {
    built: true,
    default: true,
    description: "Contact event ingestion, reading a contact's events, and widget tracking.",
  },
  'feature.experiences.core': {
    built: true,
    default: true,
    description:
      'In-app experiences: authoring, the widget decision, sessions and realtime, and the public read operations.',
  },
  'feature.walkthrough.player': {
    built: true,
    default: true,
    description: "On-page guide walkthroughs: the widget's player and the guides it fetches.",
  },
  'feature.automation.execute': {
    built: true,
    default: false,
    description: 'Automated execution of guides in the widget (runs on verified domains only).',
  },
  'feature.messaging.launcher_icon': {
    built: true,
    default: true,
    description: 'A custom launcher icon instead of the bubble.',
  },
  'feature.messaging.attachments': {
    built: true,
    default: true,
    description:
      'Conversation attachments in the widget (uploads and downloads); also needs a virus scanner (CLAMD_URL).',
  },
  'feature.helpcenter.sign_in_url': {
    built: true,
    default: true,
    description: 'A sign-in URL for authenticated help-center articles.',
  },
  'feature.oauth.app_platform': {
    built: true,
    default: true,
    description: 'OAuth app registration and the consent flow.',
  },
  'feature.data_exports': {
    built: true,
    default: true,
    description: 'Workspace data exports (createDataExport, listDataExports, getDataExport, the download).',
  },
} as const satisfies Record<string, { built: boolean; default: boolean; description: string }>;

export type Flag = keyof typeof FLAGS;

export function isFlag(value: unknown): value is Flag {
  return typeof value === 'string' && Object.hasOwn(FLAGS, value);
}

/** The flags whose feature exists: the ones operators may switch (`npm run ops` lists these). */
export const BUILT_FLAGS = (Object.keys(FLAGS) as Flag[]).filter((f) => FLAGS[f].built);

export function isBuiltFlag(value: unknown): value is Flag {
  return isFlag(value) && FLAGS[value].built;
}
