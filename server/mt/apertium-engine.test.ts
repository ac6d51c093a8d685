import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApertiumEngine, MtError, type ApertiumEngine } from './engine';
import { codesOf, requireApertium } from './apertium-test-support';

const EN_ES = { source: 'en', target: 'es' };
const EN_CA = { source: 'en', target: 'ca' };

let engine: ApertiumEngine;

beforeAll(() => {
  requireApertium();
  engine = createApertiumEngine();
});

afterAll(() => engine?.close());

describe('pairs', () => {
  it('offers what is installed and refuses the rest, naming the pair', async () => {
    const pairs = await engine.pairs();
    expect(pairs).toEqual(expect.arrayContaining([EN_ES, EN_CA, { source: 'es', target: 'en' }]));
    expect(pairs).not.toContainEqual({ source: 'en', target: 'fr' });
    expect(await engine.supports('en', 'es')).toBe(true);
    expect(await engine.supports('en', 'fr')).toBe(false);
    const refused = engine.translate({ source: 'en', target: 'fr' }, ['Hello']);
    await expect(refused).rejects.toThrow(MtError);
    await expect(refused).rejects.toMatchObject({
      code: 'pair_not_installed',
      message: expect.stringMatching(/no en->fr pair installed \(installed: .*en->es/),
    });
  });
});

describe('translate', () => {
  it('translates real sentences into Spanish and Catalan, unknown words unmarked', async () => {
    const sentences = ['The dog eats a red apple.', 'Where is the house?', 'The xyzzyq barks.'];
    const [spanish, catalan] = await Promise.all([
      engine.translate(EN_ES, sentences),
      engine.translate(EN_CA, sentences),
    ]);
    expect(spanish[0]).toMatch(/perro.*manzana roja\.$/);
    expect(spanish[1]).toMatch(/Dónde.*casa\?$/);
    expect(catalan[0]).toMatch(/gos.*poma vermella\.$/);
    expect(catalan[1]).toMatch(/casa\?$/);
    for (const out of [spanish[2], catalan[2]]) {
      expect(out).toContain('xyzzyq');
      expect(out).not.toMatch(/[*#@]/);
    }
  });

  it('keeps order and count in a batch of 200', async () => {
    const batch = Array.from({ length: 200 }, (_, i) => `The house number ${i} is very big.`);
    const out = await engine.translate(EN_ES, batch);
    expect(out).toHaveLength(200);
    out.forEach((line, i) => expect(line).toMatch(new RegExp(`casa.* ${i} .*grande\\.$`)));
  });

  it('gives 20 parallel callers on one pipeline their own answers', async () => {
    const calls = Array.from({ length: 20 }, (_, i) =>
      engine.translate(
        EN_ES,
        Array.from({ length: 1 + (i % 4) * 5 }, (_, j) => `I have ${i * 100 + j} cats.`),
      ),
    );
    const answers = await Promise.all(calls);
    answers.forEach((lines, i) => {
      expect(lines).toHaveLength(1 + (i % 4) * 5);
      lines.forEach((line, j) =>
        expect(line).toMatch(new RegExp(`^Tengo ${i * 100 + j} gatos\\.$`)),
      );
    });
    expect(engine.running().filter((run) => run.mode === 'eng-spa')).toHaveLength(1);
  });

  it('returns empty and blank segments as they are, keeping the batch aligned', async () => {
    const out = await engine.translate(EN_ES, ['', 'Hello.', '   ', '\n', 'Good morning.', ' \t ']);
    expect(out).toEqual(['', 'Hola.', '   ', '\n', 'Buenos días.', ' \t ']);
  });

  it('keeps a newline inside a segment, and the outer whitespace', async () => {
    const [out] = await engine.translate(EN_ES, ['  The first line\nand the second line.  ']);
    expect(out).toMatch(/^ {2}\S.*\n\S.*\. {2}$/);
    expect(out!.split('\n')).toHaveLength(2);
    expect(out).toMatch(/primera/);
    expect(out).toMatch(/segunda/);
  });

  it('round-trips the characters that are special in the stream format', async () => {
    const special =
      'Keep [this] \\ ^that$ @home *star /slash <less >more {brace} #tag ~tilde | & " \' [c0] [s1] [[t:wb0]].';
    const [out] = await engine.translate(EN_ES, [special]);
    for (const char of '[]\\^$@*/<>{}#~|&"\'') {
      const count = (text: string) => text.split(char).length - 1;
      expect(count(out!), `${char} in ${out}`).toBe(count(special));
    }
    expect(out).toContain('[c0] [s1] [[t:wb0]]');
  });
});

describe('inline codes', () => {
  const cases = [
    'Click <g id="1">here</g> to open the file.',
    'Save the file <x id="2"/> now.',
    'Press <ph id="3">&lt;Enter&gt;</ph> to continue.',
    'This is <bpt id="4">&lt;b&gt;</bpt>very important<ept id="4">&lt;/b&gt;</ept> text.',
    'You have {0} new messages from {1}.',
    'Delete %s files in %1$s folders and %2$d days?',
    'The <g id="1">big <g id="2">brown</g> dog</g> eats.',
    '<g id="1">Hello</g> world, good <g id="2">morning</g>',
    '<x id="1"/><x id="2"/>Two codes at the start and two at the end<x id="3"/><x id="4"/>',
    '<g id="1"><g id="2">Nested</g></g> and <g id="3"></g> empty.',
    'Tom &amp; Jerry &#169; 2024.',
    '<g id="1">I</g> love you.',
  ];

  it('brings every code back exactly, once, never translated', async () => {
    const out = await engine.translate(EN_ES, cases);
    out.forEach((line, i) => {
      expect(codesOf(line), `${cases[i]} -> ${line}`).toEqual(codesOf(cases[i]!));
      expect(line).not.toMatch(/\[c\d+\]|\[\[|wb\d/);
    });
  });

  it('puts codes in sensible places: tags around their words, placeholders between theirs', async () => {
    const out = await engine.translate(EN_ES, [
      'The <g id="1">big</g> dog eats.',
      'Click <g id="1">here</g>.',
      'You have {0} new messages.',
      'The <g id="1">big <g id="2">brown</g></g> dog.',
      '<x id="1"/>Hello world<x id="2"/>',
    ]);
    expect(out[0]).toBe('El perro <g id="1">grande</g> come.');
    expect(out[1]).toBe('Clic <g id="1">aquí</g>.');
    expect(out[2]).toMatch(/^Tienes \{0\} mensajes nuevos\.$/);
    expect(out[3]).toBe('El perro <g id="1"><g id="2">marrón</g> grande</g>.');
    expect(out[4]).toBe('<x id="1"/>Hola Mundo<x id="2"/>');
  });

  it('does the same in Catalan', async () => {
    const [out] = await engine.translate(EN_CA, ['The <g id="1">big</g> dog eats {0}.']);
    expect(out).toBe('El gos <g id="1">gran</g> menja {0}.');
  });
});
