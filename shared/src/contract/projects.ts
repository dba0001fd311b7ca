/**
 * Projects and the board (spec 7 "Projects", issue 4 wire contract): request bodies and queries as
 * zod schemas (each failure named with a catalogue code), and the answers that are not entities.
 */
import { z } from 'zod';
import { ASSIGNABLE_PROJECT_ROLES } from './enums.js';
import type { ArchivedTask } from './entities.js';
import type { Paged } from './envelope.js';
import { LENGTH, MAX_ID } from './limits.js';
import { emailField, singleLineText } from './validation.js';

/** `POST /project/new`, `PUT /project/{id}/update-name`, `POST /project/{id}/new-task`. */
export const nameBody = z.object({ name: singleLineText('name', LENGTH.name) });
export type NameBody = z.infer<typeof nameBody>;

/** `PUT /project/{id}/update-sort`: the project's new 0-based position in the viewer's own list. */
export const sortorderBody = z.object({
  sortorder: z.coerce.number({ error: 'invalid_value' }).int({ error: 'invalid_value' }).min(0, { error: 'invalid_value' }),
});
export type SortorderBody = z.infer<typeof sortorderBody>;

/** `POST /project/{id}/invite-user`. */
export const inviteBody = z.object({ email: emailField() });
export type InviteBody = z.infer<typeof inviteBody>;

/** `PUT /project/{id}/user/{userId}/update-role`: the roles an administrator may give. */
export const updateRoleBody = z.object({ role: z.enum(ASSIGNABLE_PROJECT_ROLES, { error: 'role_not_found' }) });
export type UpdateRoleBody = z.infer<typeof updateRoleBody>;

/** `PUT /project/{id}/user/{userId}/update-settings`. */
export const memberSettingsBody = z.object({ canNegayno: z.boolean({ error: 'invalid_value' }) });
export type MemberSettingsBody = z.infer<typeof memberSettingsBody>;

/** `DELETE /project/{id}/delete?projectId={next}`: the project the caller would like to show next. */
export const deleteProjectQuery = z.object({
  projectId: z.preprocess((value) => (value === '' ? undefined : value), z.coerce.number().int().positive().max(MAX_ID).optional()).catch(undefined),
});
export type DeleteProjectQuery = z.infer<typeof deleteProjectQuery>;

/** The answer of `DELETE /project/{id}/delete`: the project to show next, or null when none is left. */
export interface DeleteProjectAnswer {
  projectId: number | null;
}

/**
 * `GET /tasks` and `GET /project/{id}/tasks` query (the filter panel, spec 2): taskNumber keeps the
 * cards whose number starts with those digits, taskName a case-insensitive substring, projectId one project,
 * text the search's match (issue 38: word starts or a typo) in the task's number, name or description.
 * Empty values mean "no filter"; a malformed number or project id matches nothing rather than failing.
 */
const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);
export const taskFilterQuery = z.object({
  taskNumber: z.preprocess(blankToUndefined, z.string().trim().max(LENGTH.code).optional()).catch(undefined),
  taskName: z.preprocess(blankToUndefined, z.string().trim().max(LENGTH.name).optional()).catch(undefined),
  projectId: z.preprocess(blankToUndefined, z.string().trim().max(LENGTH.code).optional()).catch(undefined),
  text: z.preprocess(blankToUndefined, z.string().trim().max(LENGTH.name).optional()).catch(undefined),
});
export type TaskFilterQuery = z.infer<typeof taskFilterQuery>;

/** `GET /archive[/{backFrom}]`, `GET /project/{id}/archive[/{backFrom}]`: 20 a page, newest first. */
export type ArchivePage = Paged<ArchivedTask>;
