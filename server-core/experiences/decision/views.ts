import type {
  AnnouncementDistribution,
  BannerContent,
  LauncherContent,
  SurveyPlacement,
  SurveyQuestion,
} from '../definition';

/**
 * What the decision delivers of the session-less types and of a survey (docs/decisions/experiences.md,
 * Part 2): the published version's content with the ids the widget posts back.
 */

/** The ids the widget posts back with a seen record. */
interface Delivered {
  experience_id: string;
  version_id: string;
}

/** A launcher the person has not activated yet: its published content. */
export type LauncherView = Delivered & LauncherContent;

/** A banner the person has not dismissed (and for `once`, never seen): its published content. */
export type BannerView = Delivered & BannerContent;

/** An announcement inside its window; `read` after the person's first opening of its detail. */
export interface AnnouncementView extends Delivered {
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
