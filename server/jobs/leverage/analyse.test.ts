/**
 * The leverage analysis on real data (LibreOffice help, ../shared/data) on both backends: every
 * segment's score equals the best score of a full scan of the memory and the editor's best match
 * (POST /v2/translate with the segment), its band follows from it, and the figures add up.
 */
import { pino } from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { LEVERAGE_BANDS, type LeverageBandName } from '../../../shared/api/jobs';
import { BACKENDS, useBothBackends } from '../../db/backends-test-support';
import { wordCount } from '../../documents/word-count';
import { createTmRegistry, type TmRegistry } from '../../memories/registry';
import { createSegmentTranslator } from '../../translate/translate-segment';
import { analyseProjects } from './analyse';
import { expectedBands, seedJob } from './job-test-support';
import { toJobLeverageStats } from './job-stats';
import { characterCount } from './text-measure';
import { seedDocument, seedMemory, seedOrganization, seedProject } from './test-support';

const both = useBothBackends('leverage');
const registries: TmRegistry[] = [];
afterAll(() => Promise.all(registries.map((tm) => tm.close())));

describe.each(BACKENDS)('leverage analysis on %s', (kind) => {
  it('gives each segment the band of the best score of a full scan and of the editor', async () => {
    const storage = both.storage(kind);
    const tm = createTmRegistry(storage);
    registries.push(tm);
    const job = await seedJob(storage, tm, `leverage-${kind}`);
    const observed: { id: number; band: LeverageBandName; score: number | null }[] = [];
    const progress: number[] = [];
    const report = await analyseProjects(
      { storage, tm },
      job.orgId,
      job.projectIds,
      (done, total) => progress.push(done / total),
      (id, band, score) => observed.push({ id, band, score }),
    );
    expect(observed.map((o) => o.id)).toEqual(job.segments.map((s) => s.id));
    expect(progress.at(-1)).toBe(1);

    const fullScan = job.segments.map(({ memoryId, lookup }) => {
      const [best] = job.scanners
        .get(memoryId)!
        .query({ text: lookup.source, threshold: 50, limit: 1, ...lookup });
      return best?.score ?? null;
    });
    const translate = createSegmentTranslator({ storage, tm, mt: null });
    const log = pino({ level: 'silent' });
    const editor: (number | null)[] = [];
    for (const { id, memoryId, lookup } of job.segments) {
      const answer = await translate(
        job.orgId,
        { memory_id: memoryId, source: lookup.source, segment_id: id, mt: false },
        log,
      );
      editor.push(answer.translation[0]?.score ?? null);
    }
    expect(observed.map((o) => o.score)).toEqual(fullScan);
    expect(observed.map((o) => o.score)).toEqual(editor);
    const bands = expectedBands(job.segments, fullScan);
    expect(observed.map((o) => o.band)).toEqual(bands);
    // The data reaches every band, so the comparison means something.
    for (const band of LEVERAGE_BANDS) expect(bands, band).toContain(band);

    // The figures are the sums of the segments' own, per project and in total.
    const words = job.segments.map((s) => wordCount(s.lookup.source));
    const characters = job.segments.map((s) => characterCount(s.lookup.source));
    for (const [p, projectId] of job.projectIds.entries()) {
      const language = report.languages[p]!;
      expect(language.projectId).toBe(projectId);
      for (const { band, ...counts } of language.bands) {
        const mine = job.segments.flatMap((s, i) =>
          s.projectId === projectId && bands[i] === band ? [i] : [],
        );
        expect(counts, `${projectId} ${band}`).toEqual({
          segments: mine.length,
          words: mine.reduce((sum, i) => sum + words[i]!, 0),
          characters: mine.reduce((sum, i) => sum + characters[i]!, 0),
        });
      }
    }
    const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
    expect(report.total).toEqual({
      segments: job.segments.length,
      words: sum(words),
      characters: sum(characters),
    });
    expect(sum(report.bands.map((b) => b.words))).toBe(report.total.words);

    // Repetitions: each repeated source below 100 counted once in its band, then as repetitions.
    const below = job.segments.filter(
      (s, i) => (fullScan[i] === null || fullScan[i]! < 100) && s.lookup.source.trim() !== '',
    );
    const distinct = new Set(below.map((s) => `${s.trglang}\t${s.lookup.source}`)).size;
    const repetitions = report.bands.find((b) => b.band === 'repetition')!;
    expect(repetitions.segments).toBe(below.length - distinct);

    const stats = toJobLeverageStats(report);
    expect(stats.sourceWords).toBe(sum(words));
    expect(stats.exactWords + stats.fuzzyWords + stats.newWords).toBe(stats.sourceWords);
    expect(sum(stats.projects.map((p) => p.sourceWords))).toBe(stats.sourceWords);
    expect(stats.bands).toBe(report);
  });

  it("leaves out another organization's projects", async () => {
    const storage = both.storage(kind);
    const other = await seedOrganization(storage, `leverage-other-${kind}`);
    const memoryId = await seedMemory(storage, other, 'es');
    const projectId = await seedProject(storage, other, memoryId);
    await seedDocument(storage, other, projectId, [{ source: 'Not yours.' }]);
    const tm = createTmRegistry(storage);
    registries.push(tm);
    const mine = await seedOrganization(storage, `leverage-mine-${kind}`);
    const report = await analyseProjects({ storage, tm }, mine, [projectId]);
    expect(report.languages).toEqual([]);
    expect(report.total).toEqual({ words: 0, segments: 0, characters: 0 });
  });

  it('leaves out documents still importing, as the editor does', async () => {
    const storage = both.storage(kind);
    const orgId = await seedOrganization(storage, `leverage-importing-${kind}`);
    const projectId = await seedProject(storage, orgId, await seedMemory(storage, orgId, 'es'));
    await seedDocument(storage, orgId, projectId, [{ source: 'Shown.' }]);
    await seedDocument(storage, orgId, projectId, [{ source: 'Not yet.' }], true);
    const tm = createTmRegistry(storage);
    registries.push(tm);
    const report = await analyseProjects({ storage, tm }, orgId, [projectId]);
    expect(report.total).toEqual({ words: 1, segments: 1, characters: 6 });
  });
});
