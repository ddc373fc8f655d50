import type { ComponentType } from 'preact';
import { AcceptInvitationPage } from './accept-invitation';
import { ResetPasswordPage } from './reset-password';
import { SignInPage } from './sign-in';

export interface PublicPageProps {
  /** The path segments after /app/<page>/. */
  path: string[];
  search: string;
}

/** The /app pages shown without a session, by their first path segment. */
export const PUBLIC_PAGES: Record<string, ComponentType<PublicPageProps>> = {
  'sign-in': SignInPage,
  'reset-password': ResetPasswordPage,
  invitations: AcceptInvitationPage,
};
