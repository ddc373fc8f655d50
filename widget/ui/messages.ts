/**
 * The widget's message catalog: every string a visitor sees, in English. The other languages are lazy
 * chunks (widget/chunks/lang-*), each typed by this one so none can miss a string. `{name}` marks a
 * value filled in by `fill`.
 */
export const EN = {
  support: 'Support',
  open: 'Open support',
  close: 'Close support',
  frame: 'Support panel',
  sections: 'Support sections',
  help: 'Help',
  onboarding: 'Onboarding',
  chat: 'Chat',
  hello: 'Hi there',
  ask: 'How can we help?',
  searchLabel: 'Search help',
  searchHint: 'Search for help',
  articles: 'Articles',
  results: 'Search results',
  searching: 'Searching…',
  unavailable: 'Help is not available right now.',
  none: 'There are no help articles yet.',
  noMatch: 'No articles match “{q}”.',
  tryAgain: 'Try other words, or browse all the articles.',
  browse: 'Browse all articles',
  found1: '1 article found.',
  foundN: '{n} articles found.',
  back: 'Back to articles',
  loading: 'Loading the article…',
  missing: 'This article is not available.',
  updated: 'Updated {date}',
  helpful: 'Was this helpful?',
  yes: 'Yes',
  no: 'No',
  thanks: 'Thanks for letting us know.',
  notSent: 'Your answer could not be sent. Try again.',
  messageUs: 'Message us',
  getStarted: 'Get started',
  tourNext: 'Next',
  tourBack: 'Back',
  tourDone: 'Done',
  tourClose: 'Close tour',
  tourSkip: 'Skip tour',
  tourStep: 'Step {n} of {total}',
  tourRate: '{n} out of 5',
  tourComment: 'Comment (optional)',
  launcherTip: 'Show tip',
  launcherTour: 'Start the tour',
  launcherHelp: 'Open help',
  launcherLink: 'Open link',
  dismiss: 'Dismiss',
  progress: '{done} of {total} done',
  itemTodo: 'To do',
  itemActive: 'In progress',
  itemDone: 'Done',
  itemSkipped: 'Skipped',
  skip: 'Skip',
  skipItem: 'Skip {title}',
  markDone: 'Mark as done',
  showOnPage: 'Show me on the page',
  eventHint: 'This is done by itself once you have done it.',
  guideMissing: 'This guide is not available.',
  toOnboarding: 'Back to onboarding',
  news: 'News',
  newsBack: 'Back to news',
  unread: 'Unread',
  openUnread1: 'Open support, 1 unread announcement',
  openUnreadN: 'Open support, {n} unread announcements',
  survey: 'Survey',
  surveyClose: 'Close survey',
  surveyNext: 'Next',
  surveySend: 'Submit',
  surveyStep: 'Question {n} of {total}',
  npsLow: 'Not likely',
  npsHigh: 'Very likely',
};

export type Messages = Record<keyof typeof EN, string>;

/** The catalog of the panel's language, with that language's tag (for lang and dates). */
export interface Catalog {
  lang: string;
  t: Messages;
}

export const fill = (text: string, values: Record<string, string | number>): string =>
  text.replace(/\{(\w+)\}/g, (_, key: string) => String(values[key] ?? ''));
