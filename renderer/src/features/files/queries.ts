// The files' query options are shared with the editor's reference material: one factory.
export { fileQueries } from '../../queries/files';
