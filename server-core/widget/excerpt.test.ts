import { expect, it } from 'vitest';
import { excerptOf } from './help-articles';

it('excerpts show no Markdown: marks, links, images, code fences and quotes read as words', () => {
  expect(
    excerptOf(
      'Use **Settings > Plan**, then `Save`. See [the guide](https://x.test) and ![the screen](https://x.test/s.png).',
    ),
  ).toBe('Use Settings > Plan, then Save. See the guide and the screen.');
  expect(excerptOf('> Quoted *tip*\n\n```sh\nnpm start\n```\n\n1. one\n2. two')).toBe(
    'Quoted tip npm start one two',
  );
  expect(excerptOf('snake_case_name and 2 * 3 * 4 stay')).toBe('snake_case_name and 2 * 3 * 4 stay');
});

it('headings are left out, so they never run into the text around them', () => {
  expect(excerptOf('Intro.\n\n## Where to find it\nIn the email.\n\n### Still lost\nWrite to us.')).toBe(
    'Intro. In the email. Write to us.',
  );
  expect(excerptOf('# Only a heading')).toBe('');
});

it('cut at a word; a long body is read from its start, reference links included', () => {
  const long = `Read [the guide][guide] first.\n\n${'Filler words here. '.repeat(2_000)}\n\n[guide]: https://x.test/guide`;
  const excerpt = excerptOf(long);
  expect(excerpt.startsWith('Read the guide first. Filler words here.')).toBe(true);
  expect(excerpt.endsWith('…')).toBe(true);
  expect(excerpt.length).toBeLessThanOrEqual(161);
  expect(excerpt).not.toMatch(/[[\]]/);
});
