import { expect, it } from 'vitest';
import { resolveDefaultTab, tabsFor } from './tabs';

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
