import { useState, type DragEvent } from 'react';

/**
 * Dropping files over the task (spec 2 'dropFileShort'): files only, folders ignored (an entry that is
 * a directory, or a "file" of no type and no size, which is how browsers hand over a folder).
 */
export function useFileDrop(enabled: boolean, onFiles: (files: File[]) => void) {
  const [over, setOver] = useState(false);
  const carriesFiles = (event: DragEvent) => enabled && [...event.dataTransfer.types].includes('Files');
  return {
    over,
    handlers: {
      onDragOver: (event: DragEvent) => {
        if (!carriesFiles(event)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'copy';
        setOver(true);
      },
      onDragLeave: (event: DragEvent) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOver(false);
      },
      onDrop: (event: DragEvent) => {
        if (!carriesFiles(event)) return;
        event.preventDefault();
        setOver(false);
        const items = [...event.dataTransfer.items];
        const files = items.length
          ? items
              .filter((item) => item.kind === 'file' && !item.webkitGetAsEntry?.()?.isDirectory)
              .map((item) => item.getAsFile())
              .filter((file): file is File => file !== null)
          : [...event.dataTransfer.files];
        onFiles(files.filter((file) => file.type !== '' || file.size > 0));
      },
    },
  };
}
