/**
 * A Trello board's JSON export (Menu → Print, export and share → Export as JSON) read into an import
 * plan. Only the fields used are validated; everything else the export holds is ignored, and counted in
 * the preview's `dropped` where a person would miss it (card members, votes, custom fields, activity).
 */
import type { DroppedKind, ImportListPreview } from '@negayno/shared/contract/project-import';
import { z } from 'zod';
import { descriptionOf, type CardContent } from './description.js';
import type { Draft } from '../../tasks/index.js';
import { droppedList, mapWithBreaks, taskName, type ImportOptions, type ImportPlan } from './plan.js';
import type { ImportWords } from './words.js';

const label = z.object({ id: z.string(), name: z.string().nullish(), color: z.string().nullish() });
const list = z.object({ id: z.string(), name: z.string(), closed: z.boolean().optional(), pos: z.number().optional() });
const attachment = z.object({ name: z.string().nullish(), url: z.string(), isUpload: z.boolean().optional() });
const card = z.object({
  id: z.string(),
  name: z.string(),
  desc: z.string().nullish(),
  closed: z.boolean().optional(),
  idList: z.string(),
  pos: z.number().optional(),
  due: z.string().nullish(),
  idLabels: z.array(z.string()).optional(),
  labels: z.array(label).optional(),
  attachments: z.array(attachment).optional(),
  idMembers: z.array(z.string()).optional(),
  idMembersVoted: z.array(z.string()).optional(),
  customFieldItems: z.array(z.unknown()).optional(),
});
const checklist = z.object({
  idCard: z.string(),
  name: z.string(),
  pos: z.number().optional(),
  checkItems: z.array(z.object({ name: z.string(), state: z.string(), pos: z.number().optional() })).optional(),
});
const action = z.object({
  type: z.string(),
  date: z.string().optional(),
  data: z.object({ text: z.string().optional(), card: z.object({ id: z.string() }).optional() }).optional(),
  memberCreator: z.object({ fullName: z.string().nullish(), username: z.string().nullish() }).nullish(),
});

export const trelloBoard = z.object({
  id: z.string(),
  name: z.string(),
  lists: z.array(list),
  cards: z.array(card),
  labels: z.array(label).optional(),
  checklists: z.array(checklist).optional(),
  actions: z.array(action).optional(),
});
export type TrelloBoard = z.infer<typeof trelloBoard>;
type TrelloCard = TrelloBoard['cards'][number];

/** Trello's hosts for the files it keeps (older exports name its S3 bucket). */
const TRELLO_FILE = /^https:\/\/(?:trello\.com\/1\/cards\/|trello-attachments\.s3\.amazonaws\.com\/)/;

const byPos = <T extends { pos?: number }>(a: T, b: T) => (a.pos ?? 0) - (b.pos ?? 0);

function validDate(text: string | null | undefined): Date | null {
  if (!text) return null;
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? null : date;
}

function groupBy<T>(items: T[], key: (item: T) => string | undefined): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const at = key(item);
    if (at === undefined) continue;
    const group = groups.get(at);
    if (group) group.push(item);
    else groups.set(at, [item]);
  }
  return groups;
}

export async function planFromTrello(board: TrelloBoard, options: ImportOptions, words: ImportWords): Promise<ImportPlan> {
  const labelNames = new Map((board.labels ?? []).map((entry) => [entry.id, entry.name || entry.color || '']));
  const checklistsOf = groupBy(board.checklists ?? [], (entry) => entry.idCard);
  const comments = (board.actions ?? []).filter((entry) => entry.type === 'commentCard' && entry.data?.card && entry.data.text !== undefined);
  const commentsOf = groupBy(comments, (entry) => entry.data!.card!.id);
  const cardsOf = groupBy(board.cards, (entry) => entry.idList);

  const cards: Array<{ name: string; content: CardContent; deadline: Date | null }> = [];
  const lists: ImportListPreview[] = [];
  const carried = { descriptions: 0, checklists: 0, comments: 0, labels: 0, dueDates: 0, attachmentLinks: 0 };
  const dropped: Record<DroppedKind, number> = {
    archivedCards: 0,
    cardMembers: 0,
    votes: 0,
    customFields: 0,
    otherActivity: (board.actions ?? []).length - comments.length,
    chats: 0,
    documents: 0,
    files: 0,
    transactions: 0,
    members: 0,
  };

  const take = (entry: TrelloCard, listName: string, archived: boolean) => {
    const due = validDate(entry.due);
    const labels = (entry.labels?.map((one) => one.name || one.color || '') ?? entry.idLabels?.map((id) => labelNames.get(id) ?? '') ?? []).filter(Boolean);
    const facts = [`${words.list}: ${listName}`];
    if (labels.length > 0) facts.push(`${words.labels}: ${labels.join(', ')}`);
    if (due) facts.push(`${words.due}: ${due.toISOString().slice(0, 10)}`);
    if (archived) facts.push(words.archived);
    const cardChecklists = [...(checklistsOf.get(entry.id) ?? [])].sort(byPos);
    const cardComments = [...(commentsOf.get(entry.id) ?? [])]
      .map((one) => ({
        author: one.memberCreator?.fullName || one.memberCreator?.username || '—',
        date: validDate(one.date) ?? new Date(0),
        markdown: one.data!.text!,
      }))
      .sort((a, b) => a.date.getTime() - b.date.getTime());
    const content: CardContent = {
      facts,
      markdown: entry.desc ?? '',
      checklists: cardChecklists.map((one) => ({
        name: one.name,
        items: [...(one.checkItems ?? [])].sort(byPos).map((item) => ({ name: item.name, done: item.state === 'complete' })),
      })),
      attachments: (entry.attachments ?? []).map((file) => ({
        name: file.name ?? '',
        url: file.url,
        onTrello: file.isUpload === true || TRELLO_FILE.test(file.url),
      })),
      comments: cardComments,
    };
    if (content.markdown.trim()) carried.descriptions += 1;
    carried.checklists += content.checklists.length;
    carried.comments += content.comments.length;
    carried.labels += labels.length;
    carried.attachmentLinks += content.attachments.length;
    if (due) carried.dueDates += 1;
    dropped.cardMembers += entry.idMembers?.length ?? 0;
    dropped.votes += entry.idMembersVoted?.length ?? 0;
    dropped.customFields += entry.customFieldItems?.length ?? 0;
    cards.push({ name: taskName(entry.name), content, deadline: due });
  };

  const known = new Set(board.lists.map((entry) => entry.id));
  const sections = [...board.lists].sort(byPos).map((entry) => ({ name: entry.name, archived: entry.closed === true, cards: cardsOf.get(entry.id) ?? [] }));
  // Cards of a list the export does not hold still come, under a list of their own.
  const orphans = board.cards.filter((entry) => !known.has(entry.idList));
  if (orphans.length > 0) sections.push({ name: '—', archived: false, cards: orphans });
  for (const section of sections) {
    let taken = 0;
    let skipped = 0;
    for (const entry of [...section.cards].sort(byPos)) {
      const archived = section.archived || entry.closed === true;
      if (archived && !options.includeArchived) {
        skipped += 1;
        continue;
      }
      take(entry, section.name, archived);
      taken += 1;
    }
    dropped.archivedCards += skipped;
    lists.push({ name: section.name, tasks: taken, skippedArchived: skipped, archived: section.archived });
  }

  const tasks: Draft[] = await mapWithBreaks(cards, (entry) => ({
    name: entry.name,
    description: descriptionOf(entry.content, words),
    importance: 0 as const,
    deadline: entry.deadline,
  }));
  return {
    tasks,
    preview: {
      source: 'trello',
      boardName: board.name,
      lists,
      tasks: tasks.length,
      carried,
      dropped: droppedList(dropped),
    },
  };
}
