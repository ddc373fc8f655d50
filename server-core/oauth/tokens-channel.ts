/**
 * Every path that revokes or deletes an OAuth access token or its install notifies this channel with the
 * workspace id (or `*` when installs of many workspaces went, an app's deletion), so the per-node cache
 * of access-token-authenticator.ts drops what it holds.
 */
export const OAUTH_TOKENS_CHANNEL = 'oauth_tokens_changed';
