/** The drag data type for a project card: only our own cards are accepted by the columns. */
export const PROJECT_DRAG_TYPE = 'application/x-wordbench-project';

export function isProjectDrag(dataTransfer: DataTransfer): boolean {
  return Array.from(dataTransfer.types).includes(PROJECT_DRAG_TYPE);
}
