import { expect, it } from 'vitest';
import { parseDocumentRef, stepSeq } from './document-ref';

it('splits a document_ref and reads a step anchor; anything else is null', () => {
  expect(parseDocumentRef('guide:01jd2m7r3x8k9q4w5e6t7y8v9a#step-3')).toEqual({
    kind: 'guide',
    id: '01jd2m7r3x8k9q4w5e6t7y8v9a',
    anchor: 'step-3',
  });
  expect(parseDocumentRef('article:abc')).toEqual({ kind: 'article', id: 'abc', anchor: null });
  for (const bad of ['', 'guide', 'guide:', 'Guide:x', 'guide:a b', 'guide:x#', ':x#y'])
    expect(parseDocumentRef(bad), bad).toBeNull();
  expect(stepSeq('step-12')).toBe(12);
  for (const other of [null, 'step-', 'step-1a', 'intro', 'step-1234567']) expect(stepSeq(other)).toBeNull();
});
