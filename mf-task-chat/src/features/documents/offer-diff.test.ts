import type { TaskDocument } from '@negayno/shared/contract';
import { diffOffers } from './offer-diff';

const offer = (workList: string[], urgencies: Array<[number, number, number]>): TaskDocument =>
  ({ workList, urgencies: urgencies.map(([urgency, price, dateDeadline]) => ({ urgency, price, dateDeadline, currency: 'UAH' })) }) as TaskDocument;

describe('diffOffers', () => {
  it('lists work items added and removed and the urgencies whose price or deadline moved', () => {
    const diff = diffOffers(
      offer(
        ['Верстка', 'Форма'],
        [
          [1, 100, 10],
          [3, 200, 5],
        ],
      ),
      offer(
        ['Верстка', 'Адмінка'],
        [
          [1, 100, 10],
          [3, 250, 6],
        ],
      ),
    );
    expect(diff).toEqual({ added: ['Адмінка'], removed: ['Форма'], changes: [{ urgency: 3, price: [200, 250], deadline: [5, 6] }] });
  });

  it('sees an urgency dropped or added', () => {
    expect(diffOffers(offer([], [[1, 100, 10]]), offer([], [[2, 50, 9]])).changes.map((c) => c.urgency)).toEqual([1, 2]);
  });
});
