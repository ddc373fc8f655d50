import { expect, it } from 'vitest';
import type { Intrusive } from './experiences';
import { showIntrusive } from './intrusive';
import type { Runtime, UiState } from './runtime';
import { createStore } from './store';

const ui = () =>
  createStore<UiState>({
    open: false,
    tab: 'onboarding',
    tabs: ['help', 'onboarding'],
    query: '',
    article: 'x',
    help: 3,
    kb: true,
    conversation: null,
  });
const won = (type: Intrusive['type']): Intrusive => ({
  type,
  experience_id: 'e1',
  version_id: 'v1',
  triggers: {},
  ...(type === 'survey' ? { survey: { placement: 'corner', questions: [], thank_you: 'Thanks' } } : {}),
});

it('a popup announcement that wins the slot opens the panel on its detail in Help', () => {
  const store = ui();
  const runs: Intrusive[] = [];
  showIntrusive({ ui: store } as unknown as Runtime, async (_rt, s) => runs.push(s))(won('announcement'));
  expect(store.get()).toMatchObject({
    open: true,
    kb: false,
    tab: 'help',
    article: null,
    news: 'e1',
    help: 4,
  });
  expect(runs).toEqual([]);
});

it('a survey that wins the slot goes to the survey runner (the chunk), the panel stays as it was', () => {
  const store = ui();
  const runs: Intrusive[] = [];
  showIntrusive({ ui: store } as unknown as Runtime, async (_rt, s) => runs.push(s))(won('survey'));
  expect(runs.map((r) => r.experience_id)).toEqual(['e1']);
  expect(store.get().open).toBe(false);
});
