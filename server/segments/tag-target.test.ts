import { describe, expect, it } from 'vitest';
import { tagTarget } from './tag-target';

/** Every opening tag closed, in order (the test's own, simpler reading of well-formed). */
function isWellFormed(text: string): boolean {
  const stack: string[] = [];
  for (const [tag, close, name] of text.matchAll(/<(\/?)([A-Za-z]\w*)[^<>]*?>/g)) {
    if (tag.endsWith('/>')) continue;
    if (close === '') stack.push(name!);
    else if (stack.pop() !== name) return false;
  }
  return stack.length === 0;
}

describe('tagTarget', () => {
  it.each([
    [
      'a pair around the whole source wraps the whole target',
      '<b>Open the file</b>',
      'Abra el archivo',
      '<b>Abra el archivo</b>',
    ],
    [
      'nested pairs around everything stay nested',
      '<i><b>All</b> of it</i>',
      'Todo ello',
      '<i><b>Todo</b> ello</i>',
    ],
    [
      'a code at the start stays at the start',
      '<x id="1"/>Hello world',
      'Hola mundo',
      '<x id="1"/>Hola mundo',
    ],
    ['a code at the end stays at the end', 'Hello world<br/>', 'Hola mundo', 'Hola mundo<br/>'],
    [
      'a code between words goes to the same proportional place, spaced',
      'Press <x id="1"/> to start.',
      'Pulse para empezar.',
      'Pulse <x id="1"/> para empezar.',
    ],
    [
      'an inner pair wraps words at the proportional place',
      'The <g id="1">Find</g> toolbar can be used',
      'La barra de herramientas Buscar puede usarse',
      'La <g id="1">barra de</g> herramientas Buscar puede usarse',
    ],
    [
      'a ph with native content is one code',
      'A <ph id="1">&lt;br/&gt;</ph> B',
      'C D',
      'C <ph id="1">&lt;br/&gt;</ph> D',
    ],
    [
      'codes already in the target are kept, and placed pairs go around them',
      'Click <a href="x">here</a> and <b>there</b> now.',
      'Haga clic <b>allí</b> y aquí ahora.',
      'Haga <a href="x">clic <b>allí</b></a> y aquí ahora.',
    ],
    [
      'a broken pair in the target is dropped and placed again',
      'Click <a href="x">here</a> and <b>there</b> now.',
      'Haga <b>clic aquí y allí ahora.',
      'Haga <a href="x">clic aquí</a><b> y allí</b> ahora.',
    ],
    ['no tags: the target as it is', 'No tags here', 'Sin etiquetas', 'Sin etiquetas'],
    ['an empty target gets the tags alone', '<b>x</b>', '', '<b></b>'],
  ])('%s', (_, source, target, expected) => {
    expect(tagTarget(source, target)).toBe(expected);
  });

  it('always answers well-formed text with all the words of the target', () => {
    const words = ['uno', 'dos', 'tres', 'cuatro', 'cinco', 'seis'];
    const tags = [
      ['<b>', '</b>'],
      ['<i>', '</i>'],
      ['<u>', '</u>'],
    ];
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    for (let round = 0; round < 300; round++) {
      const parts = ['one', 'two', 'three', 'four', 'five'];
      // Pairs around nested ranges: each one around the one before.
      let [a, b] = [random(5), random(5)];
      if (a > b) [a, b] = [b, a];
      for (let k = 0; k < 1 + random(3); k++) {
        const [open, close] = tags[random(tags.length)]!;
        parts[a] = open + parts[a]!;
        parts[b] = parts[b]! + close;
        a = random(a + 1);
        b = b + random(5 - b);
      }
      let source = parts.join(' ');
      if (random(2)) source = source.replace(' ', ' <x id="9"/> ');
      const target = words.slice(0, 1 + random(words.length)).join(' ');
      const existing = random(3) === 0 ? target.replace('uno', '<i>uno</i>') : target;
      const tagged = tagTarget(source, existing);
      expect(isWellFormed(tagged), `${source} | ${existing} => ${tagged}`).toBe(true);
      expect(tagged.replace(/<[^>]+>/g, '').split(/\s+/)).toEqual(target.split(' '));
    }
  });
});
