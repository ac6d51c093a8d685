import { expect, type Locator, type Page } from '@playwright/test';
import { AppShell } from './AppShell';
import { attribute } from './page-helpers';

/** A job to create: its files (name and text), source and targets with their memories. */
export interface NewJob {
  name: string;
  files: { name: string; text: string }[];
  source: string;
  sourceLocale: string;
  /** Each target language and the label of its memory, or `new` for a new memory. */
  targets: { language: string; memory: string }[];
  template?: string;
}

/** The Jobs view: the list, the new-job dialog and a job's page. */
export class JobsPage {
  readonly shell: AppShell;
  readonly view: Locator;
  readonly newJob: Locator;
  readonly dialog: Locator;
  readonly jobPage: Locator;
  readonly status: Locator;
  readonly creation: Locator;
  readonly chart: Locator;
  readonly leverageTable: Locator;

  constructor(readonly page: Page) {
    this.shell = new AppShell(page);
    this.view = page.getByTestId('view-jobs');
    this.newJob = page.getByTestId('new-job');
    this.dialog = page.getByTestId('new-job-dialog');
    this.jobPage = page.getByTestId('job-page');
    this.status = this.jobPage.getByTestId('job-status');
    this.creation = this.jobPage.getByTestId('job-creation');
    this.chart = page.getByTestId('leverage-chart');
    this.leverageTable = page.getByTestId('leverage-table');
  }

  async open(): Promise<void> {
    await this.shell.goTo('jobs');
  }

  /** Picks a listed language, or types its tag under "Other code…" when the server names none. */
  private async chooseLanguage(testId: string, code: string): Promise<void> {
    const select = this.dialog.getByTestId(testId);
    if ((await select.locator(`option${attribute('value', code)}`).count()) > 0) {
      await select.selectOption(code);
      return;
    }
    await select.selectOption('__other');
    await this.dialog.getByTestId(`${testId}-other`).fill(code);
  }

  /** Fills the dialog, creates the job and waits on its page until its projects are made. */
  async create(job: NewJob): Promise<void> {
    await this.newJob.click();
    await expect(this.dialog).toBeVisible();
    await this.dialog.getByTestId('job-name').fill(job.name);
    await this.dialog.getByTestId('job-files-input').setInputFiles(
      job.files.map((file) => ({
        name: file.name,
        mimeType: 'text/plain',
        buffer: Buffer.from(file.text, 'utf8'),
      })),
    );
    await this.chooseLanguage('job-source-language', job.source);
    await this.dialog.getByTestId('job-source-locale').fill(job.sourceLocale);
    for (const [index, target] of job.targets.entries()) {
      if (index > 0) await this.dialog.getByTestId('job-add-target').click();
      await this.chooseLanguage(`job-target-language-${index}`, target.language);
      const memory = this.dialog.getByTestId(`job-target-memory-${index}`);
      if (target.memory === 'new') await memory.selectOption('new');
      else await memory.selectOption({ label: target.memory });
    }
    if (job.template) {
      await this.dialog.getByTestId('job-template').selectOption({ label: job.template });
    }
    await this.dialog.getByTestId('new-job-create').click();
    await expect(this.dialog).toBeHidden();
    await expect(this.jobPage).toBeVisible();
    await expect(this.creation).toHaveText('Ready');
  }

  /** The project of the open job into `language`. */
  project(language: string): Locator {
    return this.jobPage.getByTestId(`job-project-${language}`);
  }

  /** One language's bar of the leverage chart. */
  bar(language: string): Locator {
    return this.chart.getByTestId(`leverage-bar-${language}`);
  }

  async analyse(): Promise<void> {
    await this.jobPage.getByTestId('job-analyse').click();
    await expect(this.chart).toBeVisible();
  }

  async deliver(): Promise<void> {
    await this.jobPage.getByTestId('job-deliver').click();
    const confirm = this.page.getByTestId('deliver-job-dialog');
    await expect(confirm).toBeVisible();
    await confirm.getByTestId('deliver-job-ok').click();
    await expect(confirm).toBeHidden();
    await expect(this.status).toHaveText('Delivered');
  }

  downloadButton(): Locator {
    return this.jobPage.getByTestId('job-download');
  }
}
