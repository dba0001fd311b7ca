/**
 * Trello board exports of any size for the import's tests and benchmark, shaped like Trello's own (the
 * hand-written fixture, modules/portability/import/fixtures/trello-board.json, is the realistic one):
 * four lists; two cards in three have a Markdown description, one in two a label, one in three a due
 * date and a comment, one in four a checklist (a working board's mix; many cards are a name alone).
 */
export interface GeneratedBoard {
  id: string;
  name: string;
  lists: Array<{ id: string; name: string; closed: boolean; pos: number }>;
  labels: Array<{ id: string; name: string; color: string }>;
  cards: Array<Record<string, unknown>>;
  checklists: Array<Record<string, unknown>>;
  actions: Array<Record<string, unknown>>;
}

const hex = (n: number) => n.toString(16).padStart(24, '0');

/** `nameOf(i)` names card i (0-based); by default "Card i+1". */
export function generatedBoard(count: number, nameOf: (index: number) => string = (index) => `Card ${index + 1}`): GeneratedBoard {
  const lists = ['Backlog', 'To do', 'Doing', 'Done'].map((name, index) => ({ id: hex(1 + index), name, closed: false, pos: 16384 * (index + 1) }));
  const labels = [{ id: hex(100), name: 'Design', color: 'purple' }];
  const cards: GeneratedBoard['cards'] = [];
  const checklists: GeneratedBoard['checklists'] = [];
  const actions: GeneratedBoard['actions'] = [];
  for (let index = 0; index < count; index += 1) {
    const id = hex(1000 + index);
    cards.push({
      id,
      name: nameOf(index),
      desc: index % 3 === 2 ? '' : `## Card ${index + 1}\n\nSome **bold** text and a [link](https://example.com/${index}).\n\n- one\n- two`,
      closed: false,
      idList: lists[index % lists.length]!.id,
      pos: index,
      due: index % 3 === 0 ? '2026-12-01T10:00:00.000Z' : null,
      idLabels: index % 2 === 0 ? [labels[0]!.id] : [],
      idMembers: [],
      attachments: [],
    });
    if (index % 4 === 0)
      checklists.push({
        id: hex(500_000 + index),
        idCard: id,
        name: 'Steps',
        pos: 1,
        checkItems: [
          { name: 'first', state: 'complete', pos: 1 },
          { name: 'second', state: 'incomplete', pos: 2 },
        ],
      });
    if (index % 3 === 0)
      actions.push({
        id: hex(900_000 + index),
        type: 'commentCard',
        date: '2026-10-01T10:00:00.000Z',
        data: { text: `Comment on ${index + 1}`, card: { id } },
        memberCreator: { fullName: 'Olena Kovalenko' },
      });
  }
  return { id: hex(0), name: `Board of ${count}`, lists, labels, cards, checklists, actions };
}
