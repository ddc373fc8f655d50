import { expect, it } from 'vitest';
import { resolveDefaultTab, tabKeyTarget, tabsFor, visibleTabs } from './tabs';

it('orders the tabs by the experiences flag', () => {
  expect(tabsFor(true)).toEqual(['help', 'onboarding', 'chat']);
  expect(tabsFor(false)).toEqual(['chat', 'help']);
});

it('resolves default_tab, auto included, within the tabs the panel has', () => {
  const on = tabsFor(true);
  const off = tabsFor(false);
  const none = { programPending: false, pageHasHelp: false };
  expect(resolveDefaultTab('help', on, none)).toBe('help');
  expect(resolveDefaultTab('chat', off, none)).toBe('chat');
  expect(resolveDefaultTab('onboarding', on, none)).toBe('onboarding');
  expect(resolveDefaultTab('onboarding', off, none)).toBe('chat');
  expect(resolveDefaultTab('auto', on, { programPending: true, pageHasHelp: true })).toBe('onboarding');
  expect(resolveDefaultTab('auto', off, { programPending: true, pageHasHelp: true })).toBe('help');
  expect(resolveDefaultTab('auto', on, { programPending: false, pageHasHelp: true })).toBe('help');
  expect(resolveDefaultTab('auto', on, none)).toBe('chat');
  expect(resolveDefaultTab('auto', off, none)).toBe('chat');
});

it('shows a tab only when its surface has something to offer; the flag keeps the order', () => {
  const nothing = { onboarding: false, chat: false };
  expect(visibleTabs(true, nothing)).toEqual(['help']);
  expect(visibleTabs(false, nothing)).toEqual(['help']);
  expect(visibleTabs(true, { onboarding: true, chat: false })).toEqual(['help', 'onboarding']);
  expect(visibleTabs(true, { onboarding: false, chat: true })).toEqual(['help', 'chat']);
  expect(visibleTabs(true, { onboarding: true, chat: true })).toEqual(['help', 'onboarding', 'chat']);
  // With the experiences flag off there is no Onboarding tab, whatever a program would offer.
  expect(visibleTabs(false, { onboarding: true, chat: true })).toEqual(['chat', 'help']);
});

it('default_tab and auto fall back within the tabs shown: a fresh workspace opens on Help', () => {
  const helpOnly = visibleTabs(true, { onboarding: false, chat: false });
  const none = { programPending: false, pageHasHelp: false };
  for (const setting of ['help', 'onboarding', 'chat', 'auto'] as const) {
    expect(resolveDefaultTab(setting, helpOnly, none), setting).toBe('help');
    expect(resolveDefaultTab(setting, helpOnly, { programPending: true, pageHasHelp: true }), setting).toBe(
      'help',
    );
  }
  const withChat = visibleTabs(true, { onboarding: false, chat: true });
  expect(resolveDefaultTab('auto', withChat, { programPending: true, pageHasHelp: false })).toBe('chat');
  expect(resolveDefaultTab('auto', withChat, { programPending: true, pageHasHelp: true })).toBe('help');
  expect(resolveDefaultTab('onboarding', withChat, none)).toBe('help');
});

it('moves along the tablist with the arrow keys (wrapping), Home and End', () => {
  expect(tabKeyTarget('ArrowRight', 0, 3)).toBe(1);
  expect(tabKeyTarget('ArrowRight', 2, 3)).toBe(0);
  expect(tabKeyTarget('ArrowLeft', 0, 3)).toBe(2);
  expect(tabKeyTarget('Home', 2, 3)).toBe(0);
  expect(tabKeyTarget('End', 0, 3)).toBe(2);
  expect(tabKeyTarget('Enter', 1, 3)).toBeNull();
});
