import { expect, test } from './fixtures';
import { EditorPage } from './pages/EditorPage';
import { documentInNewProject } from './pages/editor-setup';

const text = EditorPage.text('lease-notes.txt');

test('segment comments: thread, badge, quote, resolve, filter, reopen, edit and delete', async ({
  page,
  webHost,
}) => {
  const editor = await documentInNewProject(page, webHost.url, text, 'Lease review', 'Lease');
  await expect(editor.unresolvedThreads).toHaveText('0 unresolved threads');
  await expect(editor.thread.getByTestId('comment-thread-empty')).toBeVisible();
  await expect(editor.commentBadge(1)).toHaveCount(0);
  await expect(editor.keyboardHelp).toContainText('Ctrl+Alt+M');

  // A question and a reply: the row's badge counts both and is marked unresolved.
  await editor.sendComment('Should “rent” stay singular here?');
  await editor.sendComment('Yes, keep it.');
  await expect(editor.comments.getByTestId('comment-text')).toHaveText([
    'Should “rent” stay singular here?',
    'Yes, keep it.',
  ]);
  await expect(editor.comments.first().getByTestId('comment-author')).toHaveText('Owner');
  await expect(editor.commentBadge(1)).toHaveAttribute('data-count', '2');
  await expect(editor.commentBadge(1)).toHaveAttribute('data-unresolved', 'true');
  await expect(editor.commentBadge(1).getByTestId('segment-comments-unresolved')).toBeVisible();
  await expect(editor.commentBadge(1)).toContainText('2 comments, 2 unresolved');
  await expect(editor.unresolvedThreads).toHaveText('1 unresolved thread');

  // Selecting part of the source offers "Comment", which quotes it in the reply box.
  await editor.selectInSource(1, 'pay the rent');
  await editor.selectionComment.click();
  await expect(editor.replyQuote).toContainText('pay the rent');
  await expect(editor.reply).toBeFocused();
  await editor.reply.fill('Or “settle the rent”?');
  await editor.reply.press('Enter');
  const quoted = editor.comment('Or “settle the rent”?');
  await expect(quoted.getByTestId('comment-quote')).toHaveText('pay the rent');
  await expect(editor.replyQuote).toHaveCount(0);
  await expect(editor.commentBadge(1)).toHaveAttribute('data-count', '3');

  // Resolving marks the whole thread resolved: the filter then shows no segment.
  await editor.thread.getByTestId('comment-thread-resolve').click();
  await expect(editor.thread.getByTestId('comment-thread-state')).toContainText('Resolved');
  await expect(editor.commentBadge(1)).not.toHaveAttribute('data-unresolved');
  await expect(editor.commentBadge(1)).toContainText('3 comments, resolved');
  await expect(editor.unresolvedThreads).toHaveText('0 unresolved threads');
  await editor.unresolvedOnly.check();
  await expect(editor.filterEmpty).toBeVisible();
  await expect(editor.rows).toHaveCount(0);

  // Reopened, the segment is back under the filter.
  await editor.thread.getByTestId('comment-thread-reopen').click();
  await expect(editor.rows).toHaveCount(1);
  await expect(editor.segment(1)).toBeVisible();
  await expect(editor.commentBadge(1)).toHaveAttribute('data-unresolved', 'true');
  await expect(editor.unresolvedThreads).toHaveText('1 unresolved thread');
  await editor.unresolvedOnly.uncheck();
  await expect(editor.rows).toHaveCount(4);

  // Your own comments can be edited and deleted (after a confirmation).
  const mine = editor.comment('Yes, keep it.');
  await mine.getByTestId('comment-edit').click();
  // While edited, the comment shows its text in a box (only one is edited at a time).
  const editBox = editor.thread.getByTestId('comment-edit-text');
  await expect(editBox).toHaveValue('Yes, keep it.');
  await expect(editBox).toBeFocused();
  await editBox.fill('Yes, keep it singular.');
  await editBox.press('Enter');
  await expect(editor.comment('Yes, keep it singular.')).toBeVisible();
  await expect(editor.comment('Yes, keep it.')).toHaveCount(0);

  await quoted.getByTestId('comment-delete').click();
  const confirm = page.getByTestId('confirm-delete-comment');
  await expect(confirm).toBeVisible();
  await confirm.getByTestId('confirm-delete-comment-ok').click();
  await expect(confirm).toHaveCount(0);
  await expect(editor.comments).toHaveCount(2);
  // The button the dialog came from is gone with the comment: the focus goes to the reply box.
  await expect(editor.reply).toBeFocused();
  await expect(editor.commentBadge(1)).toHaveAttribute('data-count', '2');

  // From the keyboard: Ctrl+Alt+M goes to the reply box; Shift+Enter adds a line.
  await editor.next();
  await editor.expectActive(2);
  await editor.target.press('Control+Alt+m');
  await expect(editor.reply).toBeFocused();
  await editor.reply.pressSequentially('Window or windows?');
  await editor.reply.press('Shift+Enter');
  await editor.reply.pressSequentially('Check the plan.');
  await editor.reply.press('Enter');
  await expect(editor.comments.getByTestId('comment-text')).toHaveText(
    'Window or windows?\nCheck the plan.',
  );
  await expect(editor.unresolvedThreads).toHaveText('2 unresolved threads');
  await editor.unresolvedOnly.check();
  await expect(editor.rows).toHaveCount(2);
});

test('a comment that cannot be sent stays in the box with the reason', async ({
  page,
  webHost,
}) => {
  const editor = await documentInNewProject(page, webHost.url, text, 'Offline review', 'Offline');

  // The server is unreachable for this one call, as the gateway would report it.
  await page.route('**/ipc/comments%3Acreate', (route) =>
    route.fulfill({
      json: {
        ok: false,
        error: { code: 'network', message: 'Cannot reach the server at http://127.0.0.1:9.' },
      },
    }),
  );
  await editor.reply.fill('Is this the right term?');
  await editor.reply.press('Enter');
  await expect(editor.replyError).toContainText('Your comment was not sent');
  await expect(editor.replyError).toContainText('Cannot reach the server');
  await expect(editor.reply).toHaveValue('Is this the right term?');
  await expect(editor.comments).toHaveCount(0);

  await page.unroute('**/ipc/comments%3Acreate');
  await editor.reply.press('Enter');
  await expect(editor.comment('Is this the right term?')).toBeVisible();
  await expect(editor.replyError).toHaveCount(0);
  await expect(editor.reply).toHaveValue('');
});
