import { describe, expect, it } from 'vitest';
import { decodeXmlEntities, escapeXmlAttr, escapeXmlChars, escapeXmlText } from './xml-escape';

describe('XML escaping', () => {
  it('escapes markup, and drops what XML 1.0 cannot hold only where asked', () => {
    expect(escapeXmlText('a < b & c > d\u0001\uFFFE')).toBe('a &lt; b &amp; c &gt; d');
    expect(escapeXmlChars('a < b\u0001')).toBe('a &lt; b\u0001');
    // A lone surrogate goes; a pair (an emoji) stays.
    expect(escapeXmlText('x\uD800y 😀')).toBe('xy 😀');
  });

  it('escapes attribute values so that a parser gives back the same whitespace', () => {
    expect(escapeXmlAttr('say "hi"\t\n\r')).toBe('say &quot;hi&quot;&#9;&#10;&#13;');
  });

  it('decodes the predefined entities and character references, and leaves others', () => {
    expect(decodeXmlEntities('&lt;b&gt; &amp;amp; &#233; &#x1F600; &nbsp;')).toBe(
      '<b> &amp; é 😀 &nbsp;',
    );
  });
});
