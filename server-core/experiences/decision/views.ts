import type {
  AnnouncementDistribution,
  BannerButton,
  BannerPlacement,
  LauncherAction,
  LauncherActivation,
  LauncherKind,
  SurveyPlacement,
  SurveyQuestion,
} from '../definition';

/**
 * What the decision delivers of the session-less types and of a survey (docs/decisions/experiences.md,
 * Part 2): the published version's content with the ids the widget posts back.
 */

/** A launcher the person has not activated yet. */
export interface LauncherView {
  experience_id: string;
  version_id: string;
  kind: LauncherKind;
  target: { selector: string };
  label: string | null;
  activation: LauncherActivation;
  action: LauncherAction;
}

/** A banner the person has not dismissed (and for `once`, never seen). */
export interface BannerView {
  experience_id: string;
  version_id: string;
  message: string;
  button: BannerButton | null;
  placement: BannerPlacement;
  target: { selector: string } | null;
  sticky: boolean;
  dismissible: boolean;
}

/** An announcement inside its window; `read` after the person's first opening of its detail. */
export interface AnnouncementView {
  experience_id: string;
  version_id: string;
  title: string;
  body: string;
  distribution: AnnouncementDistribution;
  /** When its live version was published (ISO 8601). */
  published_at: string;
  read: boolean;
}

export interface AnnouncementList {
  /** Unread `badge` and `popup` entries (silent ones never count). */
  unread: number;
  /** Newest first. */
  items: AnnouncementView[];
}

/** The survey an auto_start of type survey carries: the card needs no further fetch. */
export interface SurveyView {
  questions: SurveyQuestion[];
  placement: SurveyPlacement;
  thank_you: string;
}
