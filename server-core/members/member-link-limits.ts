/**
 * The default limits of the public member operations, per client address (its addressKey: IPv6 by /64),
 * shared by every node: password reset requests, 5 a minute and 20 an hour (each may mail someone); the
 * POSTs of the mailed links' pages (previewInvitation, acceptInvitation, completePasswordReset: one
 * bucket), 20 a minute (the last two hash a password). bff/config.ts reads the deployment's own.
 */
export const DEFAULT_MEMBER_LINK_LIMITS = {
  resetRequestsPerMinute: 5,
  resetRequestsPerHour: 20,
  linkPostsPerMinute: 20,
} as const;

export type MemberLinkLimits = { [K in keyof typeof DEFAULT_MEMBER_LINK_LIMITS]: number };
