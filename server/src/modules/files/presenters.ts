import { endpoints, type TaskFile } from '@negayno/shared/contract';
import { fileUrl } from '@negayno/shared/contract/file-url';
import { toUnix } from '../../lib/time.js';
import type { FileRow } from './repo.js';

export function toTaskFile(row: FileRow): TaskFile {
  return {
    id: row.id,
    name: row.name,
    extension: row.extension,
    kind: row.kind,
    url: fileUrl(endpoints.files.content, { id: row.id }),
    thumb: row.thumb_key ? fileUrl(endpoints.files.thumb, { id: row.id }) : null,
    size: row.size,
    color: row.color,
    width: row.width,
    height: row.height,
    dateCreate: toUnix(row.created_at),
  };
}
