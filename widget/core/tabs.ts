/** The panel's tabs (spec widget.md sections 1 and 3). */
export type TabId = 'help' | 'onboarding' | 'chat';
export type DefaultTab = TabId | 'auto';

/** Help | Onboarding | Chat with feature.experiences.core on; Chat | Help with it off. */
export const tabsFor = (experiences: boolean): TabId[] =>
  experiences ? ['help', 'onboarding', 'chat'] : ['chat', 'help'];

/**
 * What the optional surfaces can offer the visitor now. Help always can: it is the home view (greeting,
 * search, articles). Onboarding offers the visitor's programs; Chat a conversation with the team.
 */
export interface Offers {
  onboarding: boolean;
  chat: boolean;
}

/**
 * The tabs shown: the flag decides which tabs the panel may have and their order, and a tab is shown
 * only when its surface has something to offer, so a panel never opens on a dead end. With one tab
 * left the panel shows no tab bar.
 */
export const visibleTabs = (experiences: boolean, offers: Offers): TabId[] =>
  tabsFor(experiences).filter((tab) => tab === 'help' || offers[tab]);

/**
 * default_tab among the tabs shown: a named tab when shown (else the first tab); `auto` opens Onboarding
 * while a program has something to do, else Help when the page has pinned or matched content, else
 * Chat, each only when shown, else the first tab.
 */
export function resolveDefaultTab(
  setting: DefaultTab,
  tabs: TabId[],
  page: { programPending: boolean; pageHasHelp: boolean },
): TabId {
  if (setting !== 'auto') return tabs.includes(setting) ? setting : tabs[0]!;
  const order: TabId[] = [
    ...(page.programPending ? (['onboarding'] as const) : []),
    ...(page.pageHasHelp ? (['help'] as const) : []),
    'chat',
  ];
  return order.find((tab) => tabs.includes(tab)) ?? tabs[0]!;
}

/** The tab a key moves to in a tablist of `count` tabs (arrows wrap; Home, End), or null. */
export function tabKeyTarget(key: string, index: number, count: number): number | null {
  const moves: Record<string, number> = {
    ArrowRight: index + 1,
    ArrowLeft: index - 1,
    Home: 0,
    End: count - 1,
  };
  return key in moves ? (moves[key]! + count) % count : null;
}
