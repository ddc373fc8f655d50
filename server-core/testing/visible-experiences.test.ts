import { expect, it } from 'vitest';
import { definitionIssues } from '../experiences/check-definition';
import {
  announcementDefinition,
  bannerDefinition,
  launcherDefinition,
  surveyDefinition,
  trackerDefinition,
} from './visible-experiences';

it('the part-2 definitions for tests and benchmarks are valid as the authoring checks see them', () => {
  expect(definitionIssues('launcher', launcherDefinition())).toEqual([]);
  expect(
    definitionIssues(
      'launcher',
      launcherDefinition({ content: { kind: 'button', label: 'Help', action: { type: 'open_help' } } }),
    ),
  ).toEqual([]);
  expect(definitionIssues('banner', bannerDefinition())).toEqual([]);
  expect(
    definitionIssues(
      'banner',
      bannerDefinition({
        frequency: { kind: 'unlimited' },
        content: { placement: 'before', target: { selector: '#main' }, sticky: false, button: null },
      }),
    ),
  ).toEqual([]);
  expect(definitionIssues('announcement', announcementDefinition())).toEqual([]);
  expect(
    definitionIssues(
      'announcement',
      announcementDefinition({
        content: {
          distribution: 'popup',
          starts_at: '2026-01-01T00:00:00.000Z',
          ends_at: '2026-02-01T00:00:00.000Z',
        },
      }),
    ),
  ).toEqual([]);
  expect(definitionIssues('survey', surveyDefinition())).toEqual([]);
  expect(definitionIssues('tracker', trackerDefinition())).toEqual([]);
  // And broken ones are seen as broken: the helpers do not hide a rule.
  expect(definitionIssues('banner', bannerDefinition({ content: { placement: 'after' } }))).not.toEqual([]);
});
