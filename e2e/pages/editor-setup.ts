import type { Page } from '@playwright/test';
import { BoardPage } from './BoardPage';
import { EditorPage } from './EditorPage';

/** A new project on the board, with a new en → es memory, open in the editor. */
export async function newProjectInEditor(
  page: Page,
  url: string,
  name: string,
  memoryName = name,
): Promise<EditorPage> {
  const board = new BoardPage(page);
  await board.open(url);
  await board.shell.expectConnected();
  await board.createProject({
    name,
    newMemory: { name: memoryName, srclang: 'en', trglang: 'es' },
  });
  await board.openInEditor(name);
  return new EditorPage(page);
}

/** The same, with `file` uploaded (no pretranslation) and open at segment 1. */
export async function documentInNewProject(
  page: Page,
  url: string,
  file: { name: string; buffer: Buffer },
  name: string,
  memoryName = name,
): Promise<EditorPage> {
  const editor = await newProjectInEditor(page, url, name, memoryName);
  await editor.upload(file, 'none');
  await editor.openDocument(file.name);
  await editor.expectActive(1);
  return editor;
}
