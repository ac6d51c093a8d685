import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Project } from '../../shared/api/projects';
import { createTestApp, type TestApp } from '../test-support';
import { createProject, download, saveTarget, uploadDocument } from './test-support';

// Both XLIFF downloads say what happened to a target: one no one confirmed (a fuzzy or MT
// pretranslation, a draft) needs review, never `translated`; a confirmed one is translated.

const XLIFF12 = `<?xml version="1.0" encoding="UTF-8"?>
<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">
  <file original="ui" source-language="en" datatype="plaintext">
    <body>
      <trans-unit id="draft"><source>Open the file.</source></trans-unit>
      <trans-unit id="done"><source>Close the file.</source></trans-unit>
    </body>
  </file>
</xliff>
`;
const XLIFF20 = `<?xml version="1.0" encoding="UTF-8"?>
<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="en">
  <file id="f">
    <unit id="draft"><segment><source>Open the file.</source></segment></unit>
    <unit id="done"><segment><source>Close the file.</source></segment></unit>
  </file>
</xliff>
`;

/** xmllint from Debian's libxml2-utils; fails saying how to install it. */
function wellFormed(xml: string): void {
  try {
    execFileSync('xmllint', ['--noout', '-'], { input: xml, stdio: ['pipe', 'pipe', 'pipe'] });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new Error('xmllint is missing: apt-get install -y libxml2-utils');
    }
    throw error;
  }
}

describe('XLIFF states of drafts and confirmed targets', () => {
  let t: TestApp;
  let project: Project;
  beforeAll(async () => {
    t = await createTestApp();
    project = await createProject(t.app);
  });
  afterAll(() => t.close());

  const translated = async (name: string, body: string) => {
    const document = await uploadDocument(t.app, project.id, name, body);
    const [draft, done] = document.segments;
    await saveTarget(t.app, { id: draft!.id, target: 'Abra el archivo.', is_confirmed: false });
    await saveTarget(t.app, { id: done!.id, target: 'Cierre el archivo.', is_confirmed: true });
    return document.id;
  };

  it('XLIFF 1.2: needs-review-translation in both downloads for the draft', async () => {
    const id = await translated('ui.xlf', XLIFF12);
    for (const isXliff of [true, false]) {
      const xml = (await download(t.app, id, isXliff)).body;
      wellFormed(xml);
      expect(xml).toMatch(/<target state="needs-review-translation">Abra el archivo.<\/target>/);
      expect(xml).toMatch(/<target state="translated">Cierre el archivo.<\/target>/);
    }
  });

  it('XLIFF 2.0 in its own format: the draft segment is initial, the confirmed one translated', async () => {
    const id = await translated('ui.xliff', XLIFF20);
    const xml = (await download(t.app, id, false)).body;
    wellFormed(xml);
    expect(xml).toMatch(/<segment state="initial"><source>Open the file.<\/source>\s*<target>Abra/);
    expect(xml).toMatch(/<segment state="translated"><source>Close the file.<\/source>/);
    const exported = (await download(t.app, id, true)).body;
    expect(exported).toMatch(/<target state="needs-review-translation">Abra el archivo.<\/target>/);
  });
});
