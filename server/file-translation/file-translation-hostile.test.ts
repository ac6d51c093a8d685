import { zipSync } from 'fflate';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support';
import { downloadTranslation, memoryOf, translateNow, uploadFile } from './test-support';

// Hostile files sent to translation end Failed with a reason, quickly and without holding the
// server: over the size cap, a single 30 MB line, a zip bomb, zip-slip names, entity expansion.

describe('hostile files sent to translation', () => {
  let t: TestApp;
  let memoryId: number;
  beforeEach(async () => {
    t = await createTestApp({ mt: null });
    memoryId = await memoryOf(t.app, []);
  });
  afterEach(() => t.close());

  const failure = async (name: string, body: Uint8Array | string) => {
    const file = await uploadFile(t.app, name, body);
    const info = await translateNow(t.app, file.id, memoryId);
    expect(info.status).toBe('Failed');
    expect((await downloadTranslation(t.app, info.id)).statusCode).toBe(409);
    return info.errorMsg ?? '';
  };

  it('a 50 MB single line is refused by its size before it is read', async () => {
    const message = await failure('line.txt', 'word '.repeat(10_000_000));
    expect(message).toBe(
      'File too large: line.txt has 47.7 MiB; a file to translate may have at most 32 MiB',
    );
  });

  it('a 30 MB single line under the size cap is refused by the segment cap', async () => {
    const message = await failure('line.json', `{"a": "${'word '.repeat(6_000_000)}"}`);
    expect(message).toMatch(
      /^File too large: line.json: segment 1's source has 30,000,000 characters/,
    );
  });

  it('a zip bomb, a zip-slip name and an XXE part in a DOCX', async () => {
    const zeros = new Uint8Array(200 * 1024 * 1024);
    const bomb = zipSync({ 'word/document.xml': zeros }, { level: 9 });
    expect(bomb.length).toBeLessThan(1024 * 1024);
    expect(await failure('bomb.docx', bomb)).toMatch(
      /^(File too large|Unreadable file bomb.docx): /,
    );
    const slip = zipSync({
      '../evil.xml': new Uint8Array([60, 97, 47, 62]),
      'word/document.xml': new Uint8Array([60, 97, 47, 62]),
    });
    expect(await failure('slip.docx', slip)).toMatch(
      /^(File too large|Unreadable file slip.docx): .*evil/,
    );
    const xxe = new TextEncoder().encode(
      '<?xml version="1.0"?><!DOCTYPE w [<!ENTITY x SYSTEM "file:///etc/passwd">]>' +
        '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">' +
        '<w:body><w:p><w:r><w:t>&x;</w:t></w:r></w:p></w:body></w:document>',
    );
    const xxeZip = zipSync({
      '[Content_Types].xml': new Uint8Array([60, 97, 47, 62]),
      'word/document.xml': xxe,
    });
    expect(await failure('xxe.docx', xxeZip)).toMatch(
      /^Unreadable file xxe.docx: .*(DOCTYPE|entit)/i,
    );
  });
});
