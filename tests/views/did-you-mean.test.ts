import { describe, expect, it } from 'vitest';
import { closestWord, didYouMean } from '../../src/views/did-you-mean.js';

describe('did you mean', () => {
  const words = ['quick', 'host', 'join', 'hotseat', 'Alaska'];

  it('names the known word a typo is closest to, in its own spelling', () => {
    expect(closestWord('quik', words)).toBe('quick');
    expect(closestWord('hotseta', words)).toBe('hotseat');
    expect(closestWord('ALSAKA', words)).toBe('Alaska');
    expect(didYouMean('jion', words)).toBe(' (did you mean "join"?)');
  });

  it('says nothing for a word far from every known one, an exact one, or a very short one', () => {
    expect(closestWord('conquer', words)).toBeNull();
    expect(closestWord('Host', words)).toBeNull();
    expect(closestWord('ho', words)).toBeNull();
    expect(closestWord('', words)).toBeNull();
    expect(closestWord('quik', [])).toBeNull();
    expect(didYouMean('dance', words)).toBe('');
    expect(closestWord('dance', ['done'])).toBeNull();
    expect(closestWord('plya', ['play'])).toBe('play');
  });
});
