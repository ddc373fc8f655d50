/**
 * The values the documented examples share: every operation declares a request example (its path
 * parameters, required query parameters and body) and a response example for each success status, and
 * /docs turns them into a copy-paste curl and the answer it gets.
 *
 * The ids below are placeholders shaped like real ones (so the examples validate against the schemas).
 * Each is unique: the examples test (bff/openapi/examples.test.ts) sends every example to the app after
 * swapping each placeholder for the id of a real fixture, so a new operation that names a new kind of id
 * adds it here and to the test's fixtures. Credentials never appear literally: the curl reads them from
 * the shell (`$API_KEY`, `$VISITOR_TOKEN`, `$CSRF_TOKEN`, the cookie jar of the login example).
 */
export const EXAMPLE_ID = {
  workspaceId: '01m6bhr39yfvw8g1d4g2ns1e0p',
  websiteId: '01m6bhdwmgk0mz7hftjnrbnvew',
  userId: '01m6bhwvakbe80kcr7x1nhebyr',
  apiKeyId: '01m6bgrkjctvej42xc6jhekzmy',
  contactId: '01m6bj43y0s8156vv67bd8bxme',
  conversationId: '01m6bhsk6g9p1cxj2vmzv913b2',
  messageId: '01m6bjf89vvtrwp417zyvf9gy0',
  /** The demo store's tour (`store-tour`), its live version and a visitor's session of it. */
  experienceId: '01m6bfsj0z98cmc07s8gwy1khh',
  versionId: '01m6bjded8xxtmhk766cahrr2p',
  sessionId: '01m6bfyr9tz0z08t35yx73qyc9',
  /** The demo store's onboarding program (`store-onboarding`), its live version and a visitor's session of it. */
  programId: '01m6bkq3f1d2v8c9x4r7t5w0yz',
  programVersionId: '01m6bkr8w2n5c7d9e3f4g6h8jk',
  programSessionId: '01m6bks4t6v8x0z2b4d6f8h0jm',
  /** The demo's launcher, banner, announcement and survey, each with its live version. */
  launcherId: '01m6bm1a2b3c4d5e6f7g8h9j0k',
  launcherVersionId: '01m6bm2a2b3c4d5e6f7g8h9j0k',
  bannerId: '01m6bm3a2b3c4d5e6f7g8h9j0k',
  bannerVersionId: '01m6bm4a2b3c4d5e6f7g8h9j0k',
  announcementId: '01m6bm5a2b3c4d5e6f7g8h9j0k',
  announcementVersionId: '01m6bm6a2b3c4d5e6f7g8h9j0k',
  surveyId: '01m6bm7a2b3c4d5e6f7g8h9j0k',
  surveyVersionId: '01m6bm8a2b3c4d5e6f7g8h9j0k',
  /** A visitor's session of the demo survey (its answers examples). */
  surveySessionId: '01m6bm9a2b3c4d5e6f7g8h9j0k',
  articleId: '01m6bg8kdejr2f4ke9e1z10crj',
  guideId: '01m6bg76k80s6am72t4xwhtvny',
  stepId: '01m6bhcep5rm0tp74507kcm8fj',
  collectionId: '01m6bh1ykkym8c2scx3rm0mbkv',
  webhookId: '01m6bhc3y19cxhw1fwzv68pc5x',
  endpointId: '01m6bgna60jcg09z3nv37e4mhz',
  deliveryId: '01m6bjebtq88f4eknk6sehy51z',
  eventId: '01m6bj648efnn6z77v146f1pme',
  visitorId: '01m6bgthkmp7dhfa5r54x09rra',
  pageId: '01m6bg5zw2n0r81ygt0pwm2afg',
  uploadId: '01m6bk2fpx7pngq2rng6y1tdqa',
  chunkId: '01m6bhcze51vaynz6hbyrb9q8s',
  /** A verified domain of the workspace (the demo's operator-verified one), an automation run of the guide, and the guide step it records. */
  domainId: '01m6bn1d2e3f4g5h6j7k8m9n0p',
  runId: '01m6bn2d2e3f4g5h6j7k8m9n0p',
  runStepId: '01m6bn3d2e3f4g5h6j7k8m9n0p',
  /** A clean attachment of the demo contact's conversation (the download examples). */
  attachmentId: '01m6bp1a2b3c4d5e6f7g8h9j0k',
  /** A resolved conversation of the demo contact whose rating staff asked for (the rating examples). */
  ratedConversationId: '01m6bp1d2e3f4g5h6j7k8m9n0p',
  /** An OAuth app the workspace registered, and an install of it in the workspace. */
  appId: '01m6bp3d2e3f4g5h6j7k8m9n0p',
  installId: '01m6bp2d2e3f4g5h6j7k8m9n0p',
  /** A ready contacts export of the demo workspace (the data export examples). */
  exportId: '01m6bp4d2e3f4g5h6j7k8m9n0p',
  /** A SCIM token of the workspace (its list and revoke examples), a provisioned user and a group. */
  scimTokenId: '01m6bq1d2e3f4g5h6j7k8m9n0p',
  scimUserId: '01m6bq2d2e3f4g5h6j7k8m9n0p',
  scimGroupId: '01m6bq3d2e3f4g5h6j7k8m9n0p',
  /** A member of the demo workspace who is not its owner (the team examples change and remove them). */
  memberId: '01m6bp5d2e3f4g5h6j7k8m9n0p',
  /** A pending invitation of the demo workspace. */
  invitationId: '01m6bp6d2e3f4g5h6j7k8m9n0p',
  /** The demo's trigger message (the /demo page's, after 5 s), and a campaign delivered to the demo contact. */
  proactiveMessageId: '01m6bq4d2e3f4g5h6j7k8m9n0p',
  campaignId: '01m6bq5d2e3f4g5h6j7k8m9n0p',
} as const;

export type ExampleIdName = keyof typeof EXAMPLE_ID;

/** Times in the examples: an instant, a little later, and the same day's end of a 12-hour session. */
export const EXAMPLE_TIME = '2026-11-01T12:00:00.000Z';
export const EXAMPLE_LATER = '2026-11-01T12:05:00.000Z';
export const EXAMPLE_SESSION_END = '2026-11-02T00:00:00.000Z';

/**
 * Values of the demo workspace (DEMO=on) the examples use as they are, so the curl works against a demo
 * install once the ids are swapped: its owner, a contact, a public article.
 */
export const EXAMPLE_DEMO = {
  ownerEmail: 'owner@demo.test',
  contactEmail: 'ada@acme-customer.test',
  contactName: 'Ada Lovelace',
  articleSlug: 'reset-your-password',
} as const;

/** The page a widget example is on: the demo store of a local install (`npm start`, DEMO=on). */
export const EXAMPLE_PAGE_URL = 'http://localhost:8787/demo';

/** The server of the help-center search in its example: a host mapped to a workspace (the demo's is help.localhost). */
export const EXAMPLE_HELP_CENTER = 'https://help.example.com';

/** Placeholders for values only the caller has: the owner's password and an identity proof. */
export const EXAMPLE_SECRET = {
  password: 'your-portal-password',
  /** HMAC-SHA256 of the lower-cased email under the widget identity secret, lower-case hex. */
  identityHmac: '5f0c4d7e9a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5',
  /** An OAuth client's secret, an authorization code, its PKCE verifier, and an access token. */
  clientSecret: 'oas_01m6bhr39yfvw8g1d4g2ns1e0pQ0xS3cr3tQ0xS3cr3tQ0xS3cr3tQ0xS3cr3tQ0xS3cr',
  oauthCode: 'ocd_01m6bhr39yfvw8g1d4g2ns1e0pC0deC0deC0deC0deC0deC0deC0deC0deC0deC0deC0d',
  codeVerifier: 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk',
  accessToken: 'oat_01m6bhr39yfvw8g1d4g2ns1e0pAcc3ssAcc3ssAcc3ssAcc3ssAcc3ssAcc3ssAcc3ssA',
  /** The token of an invitation link and of a password reset link (mailed, never answered), and a new password. */
  invitationToken: 'Inv1tat10nT0kenInv1tat10nT0kenInv1tat10nT0k',
  resetToken: 'Res3tT0kenRes3tT0kenRes3tT0kenRes3tT0kenRes',
  newPassword: 'a-new-long-enough-password',
  /** A one-click unsubscribe token: <workspace id>.<contact id>.<mac>. */
  unsubscribeToken: '01m6bhr39yfvw8g1d4g2ns1e0p.01m6bj43y0s8156vv67bd8bxme.0f1e2d3c4b5a69788796a5b4c3d2e1f0',
  /** A workspace's inbound mail token (the local part of its inbound address). */
  inboundToken: '5e1f0c2d3b4a69788796a5b4c3d2e1f00f1e2d3c4b5a69788796a5b4c3d2e1f0',
} as const;

/** The query of a signed download link in its example (the examples test swaps in a real one). */
/** The signed link of the data export download example (its own placeholders: another key signs it). */
export const EXAMPLE_EXPORT_LINK = {
  expires: '1793534401',
  signature: 'Xp4Lm8Qw2Rt6Yu0Io3Pa7Sd1Fg5Hj9Kl2Zx6Cv0Bn4M',
} as const;

export const EXAMPLE_DOWNLOAD = {
  expires: '1793534400',
  signature: 'q1hQ3Rk0n8o4Zc6S2wVd9yJt5XbLmA7eUiPfGgKhN0s',
} as const;
