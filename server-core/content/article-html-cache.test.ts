import { expect, it } from 'vitest';
import { articleHtml } from './article-html';
import { cachedArticleHtml } from './article-html-cache';

it('renders a body once, a changed body again, and drops the least recently used past its budget', () => {
  const rendered: string[] = [];
  const render = cachedArticleHtml((markdown) => {
    rendered.push(markdown);
    return articleHtml(markdown);
  }, 60);
  expect(render('**a**')).toBe('<p><strong>a</strong></p>\n');
  expect(render('**a**')).toBe('<p><strong>a</strong></p>\n');
  expect(rendered).toEqual(['**a**']);
  render('**b**');
  expect(rendered).toEqual(['**a**', '**b**']);
  // Both fit (2 x 26 of 60 characters); **a** was used last, so **b** makes way for **c** (18).
  render('**a**');
  render('*c*');
  render('**a**');
  expect(rendered).toEqual(['**a**', '**b**', '*c*']);
  render('**b**');
  expect(rendered).toEqual(['**a**', '**b**', '*c*', '**b**']);
  // Larger than the whole budget: rendered every time, never kept.
  const big = 'x'.repeat(100);
  render(big);
  render(big);
  expect(rendered.filter((m) => m === big)).toHaveLength(2);
});
