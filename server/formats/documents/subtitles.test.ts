import { describe, expect, it } from 'vitest';
import { DocumentFormatError, extractDocument, mergeDocument } from './index';
import { OPTIONS, text, utf8 } from './test-support';

const SRT = `1\r\n00:00:01,000 --> 00:00:03,500\r\nOpen the <i>File</i> menu\r\nand choose Print.\r\n\r\n2\r\n00:00:04,000 --> 00:00:06,000\r\n♪ ♪\r\n\r\n3\r\n00:00:06,500 --> 00:00:08,000\r\nDone!\r\n`;
const VTT = `WEBVTT - help video\n\nNOTE written by hand\n\nSTYLE\n::cue { color: yellow }\n\nintro\n00:01.000 --> 00:03.000 align:start line:0\n<v Narrator>Welcome to the help.\n\n00:04.000 --> 00:05.000\nThe <c.key>Print</c> button.\n`;

const timings = (s: string) => s.split(/\r?\n/).filter((line) => line.includes('-->'));

describe('subtitles', () => {
  it('SRT: one segment per cue, line breaks and tags as codes, bytes back untranslated', () => {
    const bytes = utf8(SRT);
    const doc = extractDocument('srt', bytes, OPTIONS);
    expect(doc.segments.map((s) => s.source)).toEqual([
      'Open the <x id="1"/>File<x id="2"/> menu<x id="3"/>and choose Print.',
      'Done!',
    ]);
    expect(mergeDocument('srt', doc.skeleton, [null, null], OPTIONS)).toEqual(bytes);
    const out = text(
      mergeDocument(
        'srt',
        JSON.parse(JSON.stringify(doc.skeleton)),
        ['Abra el menú <x id="1"/>Archivo<x id="2"/><x id="3"/>y elija Imprimir.', '¡Hecho!\n\n'],
        OPTIONS,
      ),
    );
    expect(out).toBe(
      SRT.replace(
        'Open the <i>File</i> menu\r\nand choose Print.',
        'Abra el menú <i>Archivo</i>\r\ny elija Imprimir.',
      ).replace('Done!', '¡Hecho!'),
    );
    expect(timings(out)).toEqual(timings(SRT));
  });

  it('SRT: spaces a translation puts around a line break do not start or end a line', () => {
    const doc = extractDocument('srt', utf8(SRT), OPTIONS);
    // As Apertium answers a two-line cue: a space on each side of the line-break code.
    const target = 'Abra el menú <x id="1"/>Archivo<x id="2"/> <x id="3"/> y elija Imprimir.';
    const out = text(mergeDocument('srt', doc.skeleton, [target, null], OPTIONS));
    expect(out).toContain('\r\nAbra el menú <i>Archivo</i>\r\ny elija Imprimir.\r\n');
  });

  it('WebVTT: header, NOTE, STYLE, cue ids and settings untouched', () => {
    const bytes = utf8(VTT);
    const doc = extractDocument('vtt', bytes, OPTIONS);
    expect(doc.segments.map((s) => s.source)).toEqual([
      '<x id="1"/>Welcome to the help.',
      'The <x id="1"/>Print<x id="2"/> button.',
    ]);
    expect(mergeDocument('vtt', doc.skeleton, [null, null], OPTIONS)).toEqual(bytes);
    const out = text(
      mergeDocument('vtt', doc.skeleton, ['<x id="1"/>Bienvenido a la ayuda.', null], OPTIONS),
    );
    expect(out).toContain(
      'intro\n00:01.000 --> 00:03.000 align:start line:0\n<v Narrator>Bienvenido a la ayuda.\n',
    );
    expect(timings(out)).toEqual(timings(VTT));
  });

  it('refuses what is not subtitles, saying where', () => {
    const noTiming = () => extractDocument('srt', utf8('1\nHello there\n'), OPTIONS);
    expect(noTiming).toThrow(DocumentFormatError);
    expect(() => extractDocument('srt', utf8('1\n00:00:01 --> soon\nHi\n'), OPTIONS)).toThrow(
      /line 2/,
    );
    expect(() => extractDocument('vtt', utf8('00:01.000 --> 00:02.000\nHi\n'), OPTIONS)).toThrow(
      /WEBVTT/,
    );
    const long = extractDocument(
      'srt',
      utf8(`1\n00:00:01,000 --> 00:00:02,000\n${'word '.repeat(1_000_000)}\n`),
      OPTIONS,
    );
    expect(long.segments).toHaveLength(1);
  });
});
