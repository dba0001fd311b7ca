/** What the task drawer edits (spec 4 "Task editing", spec 7 "Tasks and files"): bodies and answers. */
import { z } from 'zod';
import type { UnixSeconds } from './entities.js';
import { IMPORTANCE_LEVELS, type Importance } from './enums.js';
import type { FileKind } from './file-types.js';
import { LENGTH } from './limits.js';
import { requiredText } from './validation.js';

/** `PUT /task/{id}/update-importance`. */
export const importanceBody = z.object({
  importance: z.coerce
    .number({ error: 'importance_not_found' })
    .int({ error: 'importance_not_found' })
    .refine((value): value is Importance => (IMPORTANCE_LEVELS as readonly number[]).includes(value), { error: 'importance_not_found' }),
});

/** `PUT /task/{id}/update-description`: HTML, sanitised by the server before it is stored. */
export const descriptionBody = z.object({
  description: z.string({ error: 'description_is_too_long' }).max(LENGTH.description, { error: 'description_is_too_long' }),
});

/** `PUT /file/{id}/update-name`: the new name; the stored extension is kept or re-appended. */
export const fileNameBody = z.object({ name: requiredText('name', LENGTH.name) });

/** `GET /task/{id}/description`. */
export interface TaskDescription {
  description: string;
  dateUpdate: UnixSeconds;
}

/** A task's attachment (spec 3 "Task file"): `url` and `thumb` are served only to readers of the task. */
export interface TaskFile {
  id: number;
  name: string;
  extension: string;
  kind: FileKind;
  url: string;
  /** A small webp made on upload for raster images; null for every other file. */
  thumb: string | null;
  size: number;
  /** A preview background: the image's dominant colour, or one per kind. */
  color: string;
  width: number | null;
  height: number | null;
  dateCreate: UnixSeconds;
}
