import { describe, expect, it } from 'vitest';
import { editorRouteOfHash, formatEditorRoute, parseEditorRoute } from './editor-route';

describe('editor route', () => {
  it('reads and writes the project and the document', () => {
    expect(parseEditorRoute('project=3&document=7')).toEqual({ projectId: 3, documentId: 7 });
    expect(formatEditorRoute({ projectId: 3, documentId: 7 })).toBe('project=3&document=7');
    expect(formatEditorRoute({ projectId: 3, documentId: null })).toBe('project=3');
  });

  it('leaves out what it cannot read, and a document without its project', () => {
    expect(parseEditorRoute('project=x&document=7')).toEqual({ projectId: null, documentId: null });
    expect(parseEditorRoute('project=2&document=-1')).toEqual({ projectId: 2, documentId: null });
    expect(parseEditorRoute('')).toEqual({ projectId: null, documentId: null });
  });

  it('reads the route from a whole address, only for the editor', () => {
    expect(editorRouteOfHash('#/editor?project=3&document=7')).toEqual({
      projectId: 3,
      documentId: 7,
    });
    expect(editorRouteOfHash('#/editor')).toEqual({ projectId: null, documentId: null });
    expect(editorRouteOfHash('#/board?project=3&document=7')).toBeNull();
    expect(editorRouteOfHash('')).toBeNull();
  });
});
