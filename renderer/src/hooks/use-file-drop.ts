import { useEffect, useRef, useState, type DragEvent } from 'react';

const hasFiles = (event: { dataTransfer: DataTransfer | null }) =>
  event.dataTransfer?.types.includes('Files') ?? false;

export interface FileDropTarget {
  isDragging: boolean;
  handlers: {
    onDragEnter: (event: DragEvent) => void;
    onDragOver: (event: DragEvent) => void;
    onDragLeave: (event: DragEvent) => void;
    onDrop: (event: DragEvent) => void;
  };
}

/**
 * Makes an element take dropped files. `isDragging` is true while files are held over it; the
 * enter/leave count keeps it steady as the pointer crosses the element's children.
 */
export function useFileDrop(onFiles: (files: File[]) => void): FileDropTarget {
  const [isDragging, setIsDragging] = useState(false);
  const depth = useRef(0);

  // A drag that ends elsewhere (Esc, dropped outside the window) must not leave the highlight on.
  useEffect(() => {
    const reset = () => {
      depth.current = 0;
      setIsDragging(false);
    };
    window.addEventListener('dragend', reset);
    return () => window.removeEventListener('dragend', reset);
  }, []);

  return {
    isDragging,
    handlers: {
      onDragEnter(event) {
        if (!hasFiles(event)) return;
        event.preventDefault();
        depth.current += 1;
        setIsDragging(true);
      },
      onDragOver(event) {
        if (!hasFiles(event)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'copy';
        setIsDragging(true);
      },
      onDragLeave(event) {
        if (!hasFiles(event)) return;
        depth.current = Math.max(0, depth.current - 1);
        if (depth.current === 0) setIsDragging(false);
      },
      onDrop(event) {
        if (!hasFiles(event)) return;
        event.preventDefault();
        depth.current = 0;
        setIsDragging(false);
        const files = Array.from(event.dataTransfer.files);
        if (files.length) onFiles(files);
      },
    },
  };
}
