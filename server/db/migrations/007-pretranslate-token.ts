import type { Migration } from './migration';

export const v7: Migration = {
  version: 7,
  // Row ids are reused once the highest row is deleted: a pretranslation that outlives its
  // document must not write into a new document that got the same id. The token ties the work
  // item to the document it was made for.
  up: `
    ALTER TABLE documents ADD COLUMN pretranslate_token TEXT;
  `,
};
