/** The panel's tabs (spec widget.md sections 1 and 3). */
export type TabId = 'help' | 'onboarding' | 'chat';
export type DefaultTab = TabId | 'auto';

/** Help | Onboarding | Chat with feature.experiences.core on; Chat | Help with it off. */
export const tabsFor = (experiences: boolean): TabId[] =>
  experiences ? ['help', 'onboarding', 'chat'] : ['chat', 'help'];

/**
 * default_tab: a named tab when the panel has it (else the first tab); `auto` opens Onboarding while a
 * program has something to do, else Help when the page has pinned or matched content, else Chat.
 */
export function resolveDefaultTab(
  setting: DefaultTab,
  tabs: TabId[],
  page: { programPending: boolean; pageHasHelp: boolean },
): TabId {
  if (setting !== 'auto') return tabs.includes(setting) ? setting : tabs[0]!;
  if (page.programPending && tabs.includes('onboarding')) return 'onboarding';
  if (page.pageHasHelp) return 'help';
  return 'chat';
}
