import { startFirstPageRead } from './first-page-read';

// The first module main.tsx imports, so it runs before the rest of the app's code is evaluated:
// the first page of a document opened by the address (a reload, a link) is asked for at once.
startFirstPageRead(window.location.hash);
