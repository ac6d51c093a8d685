import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

/**
 * The API suite that also runs on PostgreSQL (a team server's backend, issue 13): files that
 * drive the app through HTTP and read or write rows, so their assertions hold on both. Left to
 * SQLite: server/projects/seed-projects.test.ts (it tests bench/seed-projects.ts, which writes a
 * SQLite file for the benchmarks), and the files whose answers are settled before any row is
 * read or written, so the backend cannot change them: server/http/{errors,logging,openapi,
 * strict-query,validation}.test.ts, server/languages/languages.test.ts and
 * server/translate/mt-engine.test.ts.
 */
const POSTGRES_API_TESTS: string[] = [
  'server/api-tests/fuzz.test.ts',
  'server/api-tests/ids-never-reused.test.ts',
  'server/api-tests/isolation.test.ts',
  'server/api-tests/tenancy-matrix.test.ts',
  'server/comments/comments-access.test.ts',
  'server/comments/comments.test.ts',
  'server/create/create-crud.test.ts',
  'server/create/create-engine.test.ts',
  'server/create/create-engine-test.test.ts',
  'server/create/create-gate.test.ts',
  'server/create/create-stream.test.ts',
  'server/documents/document-events.test.ts',
  'server/documents/document-import.test.ts',
  'server/documents/documents-stall.test.ts',
  'server/documents/documents-xliff-states.test.ts',
  'server/documents/documents.test.ts',
  'server/documents/pretranslate.test.ts',
  'server/documents/progress-counter-queries.test.ts',
  'server/documents/qa-ignores.test.ts',
  'server/documents/segment-pages-route.test.ts',
  'server/domains/domains.test.ts',
  'server/file-translation/file-translation-events.test.ts',
  'server/file-translation/file-translation-errors.test.ts',
  'server/file-translation/file-translation-hostile.test.ts',
  'server/file-translation/file-translation.test.ts',
  'server/file-translation/public-client.test.ts',
  'server/files/files.test.ts',
  'server/http/auth.test.ts',
  'server/http/json-body.test.ts',
  'server/http/quota.test.ts',
  'server/jobs/job-events.test.ts',
  'server/jobs/jobs-create.test.ts',
  'server/jobs/jobs-deliver.test.ts',
  'server/jobs/jobs-export.test.ts',
  'server/jobs/jobs-lifecycle.test.ts',
  'server/jobs/jobs-linguists.test.ts',
  'server/jobs/jobs-pair-options.test.ts',
  'server/jobs/jobs-stats.test.ts',
  'server/memories/concordance.test.ts',
  'server/memories/memories.test.ts',
  'server/memories/memory-import-names.test.ts',
  'server/memories/memory-import.test.ts',
  'server/memories/memory-tm.test.ts',
  'server/memories/termbase-hits-routes.test.ts',
  'server/memories/tmx-locales.test.ts',
  'server/projects/moved-by.test.ts',
  'server/projects/project-events.test.ts',
  'server/projects/progress.test.ts',
  'server/projects/projects-cache.test.ts',
  'server/projects/projects-job.test.ts',
  'server/projects/projects-list.test.ts',
  'server/projects/projects.test.ts',
  'server/segments/batch-segments.test.ts',
  'server/segments/segment-authors.test.ts',
  'server/segments/segments-create.test.ts',
  'server/segments/segments-legacy-base.test.ts',
  'server/segments/segments-read-delete.test.ts',
  'server/segments/segments-save.test.ts',
  'server/translate/machine-translation.test.ts',
  'server/translate/translate-routes.test.ts',
  'server/translate/translate-segment.test.ts',
  'server/uploads/uploads.test.ts',
  'server/webhooks/delivery-log.test.ts',
  'server/webhooks/webhooks-app.test.ts',
  'server/webhooks/webhooks-crud.test.ts',
  'server/workflows/workflows.test.ts',
];

/**
 * System tests: server processes spawned, killed and restarted, two processes on one database,
 * the whole API fuzzed or crossed between organizations, the TM checked against brute force.
 * They run in a project of their own, each file in a fresh worker (they set process.env, mock
 * modules, and run longest), beside the unit files.
 */
const SYSTEM_TESTS: string[] = [
  'electron/main/connection-restart.test.ts',
  'electron/main/local-server-orphan.test.ts',
  'electron/main/main-entry.test.ts',
  'server/api-tests/fuzz.test.ts',
  'server/api-tests/tenancy-matrix.test.ts',
  'server/cli/keys-cli.test.ts',
  'server/data-file-modes.test.ts',
  'server/file-translation/translate-kill.test.ts',
  'server/jobs/job-create-kill.test.ts',
  'server/kill-moments.test.ts',
  'server/main.test.ts',
  'server/team-server.test.ts',
  'server/tm/exactness.test.ts',
  'server/upload-kill.test.ts',
  'server/webhooks/webhooks-kill.test.ts',
  'server/webhooks/webhooks-team-kill.test.ts',
];

/** Files of the projects that share workers: each puts back the globals it changed. */
const SHARED_WORKER_SETUP = 'server/shared-worker-test-support.ts';

export default defineConfig({
  test: {
    environment: 'node',
    // Native modules (better-sqlite3) and child processes are simplest in forked workers.
    pool: 'forks',
    // Vitest runs one file at a time on 2 cores (its default is cores - 1). Many files wait on
    // child processes, PostgreSQL and sockets: two at a time took 68 s instead of 108 s for
    // server/{memories,documents,tm,http} on this 2-core machine.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // Hang guards, not speed limits: a test waits for what it needs (server/until-test-support.ts)
    // however long a busy machine takes, and only one that never ends is stopped.
    testTimeout: 120_000,
    hookTimeout: 180_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'sqlite',
          // A worker's files share its modules: each file's import of the server (fastify, ajv,
          // kysely, the formats) was most of the suite's time. No file here mocks a module or
          // leaves process.env changed; the setup file puts back stubbed globals and timers.
          isolate: false,
          setupFiles: [SHARED_WORKER_SETUP],
          // Once per run, when the first file asks: one PostgreSQL cluster for the files that need one.
          globalSetup: ['server/db/shared-pg-test-support.ts'],
          include: [
            'shared/**/*.test.ts',
            'server/**/*.test.ts',
            'electron/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          exclude: [...configDefaults.exclude, ...SYSTEM_TESTS],
        },
      },
      {
        // Renderer logic without a DOM, each file on fresh modules: the renderer keeps
        // singletons (getBridge() holds the first window.wordbench it sees) that files stub.
        extends: true,
        test: {
          name: 'renderer',
          include: ['renderer/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'system',
          // Once per run: the server CLI bundled for the tests that spawn it, and the broker of
          // one PostgreSQL cluster for the files that need one.
          globalSetup: [
            'server/cli/cli-bundle-test-support.ts',
            'server/db/shared-pg-test-support.ts',
          ],
          include: SYSTEM_TESTS,
        },
      },
      {
        extends: true,
        test: {
          name: 'postgres',
          include: POSTGRES_API_TESTS,
          isolate: false,
          setupFiles: [SHARED_WORKER_SETUP],
          env: { WORDBENCH_TEST_BACKEND: 'postgres' },
          globalSetup: ['server/db/pg-global-setup.ts'],
        },
      },
      {
        // Renderer component tests (*.test.tsx) in a simulated DOM; the renderer project's
        // `renderer/**/*.test.ts` does not match .tsx, so no file runs twice.
        extends: true,
        test: {
          name: 'renderer-dom',
          include: ['renderer/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['renderer/src/test-setup.ts'],
        },
      },
    ],
  },
});
