import type { TaskDocument } from '@negayno/shared/contract';

export interface OfferDiff {
  added: string[];
  removed: string[];
  /** Per urgency present in either version: price and deadline before and after (null where absent or hidden). */
  changes: Array<{ urgency: number; price: [number | null, number | null]; deadline: [number | null, number | null] }>;
}

/** What changed from one offer version to another: work items added and removed, prices and deadlines moved. */
export function diffOffers(from: TaskDocument, to: TaskDocument): OfferDiff {
  const before = new Set(from.workList);
  const after = new Set(to.workList);
  const levels = [...new Set([...from.urgencies, ...to.urgencies].map((u) => u.urgency))].sort();
  const changes = levels.flatMap((urgency) => {
    const a = from.urgencies.find((u) => u.urgency === urgency);
    const b = to.urgencies.find((u) => u.urgency === urgency);
    const price: [number | null, number | null] = [a?.price ?? null, b?.price ?? null];
    const deadline: [number | null, number | null] = [a?.dateDeadline ?? null, b?.dateDeadline ?? null];
    return price[0] === price[1] && deadline[0] === deadline[1] ? [] : [{ urgency, price, deadline }];
  });
  return { added: to.workList.filter((item) => !before.has(item)), removed: from.workList.filter((item) => !after.has(item)), changes };
}
