import { makeStyles } from '@negayno/shared/fluent';
import type { CardShows, TaskCard } from '@negayno/shared/contract';
import { defaultRangeExtractor, useVirtualizer, type Range } from '@tanstack/react-virtual';
import { memo, useCallback, useRef, useState, type FocusEvent } from 'react';
import { TaskCardView } from './TaskCardView';

/** A card's height before it is measured: the basics with one line of name; extras make it taller. */
const ESTIMATED_CARD_HEIGHT = 96;
/** The gap between cards (tokens.spacingVerticalS), which the virtualizer adds between measured cards. */
const CARD_GAP = 8;
/** Cards rendered beyond each edge of the viewport, so a quick scroll does not show blank space. */
const OVERSCAN_CARDS = 6;

const useStyles = makeStyles({
  // The rest of the column's height (the column sets its own maximum); the cards scroll inside it.
  scroller: {
    flexGrow: 1,
    overflowY: 'auto',
    minHeight: 0,
    overscrollBehavior: 'contain',
    // The focus outline of a card (2 px, offset 2 px) stays inside the scroller's clip.
    padding: '4px',
    margin: '-4px',
  },
  list: { position: 'relative', listStyleType: 'none', margin: 0, padding: 0 },
  item: { position: 'absolute', top: 0, left: 0, width: '100%' },
});

type CardListProps = { cards: TaskCard[]; extras: CardShows };

/**
 * One column's cards, windowed: only those in the column's scroll viewport and a few beyond are in the
 * DOM, placed at their offsets in a list as tall as the whole column, so the scrollbar reflects every
 * card. Cards differ in height: each rendered card is measured and its height kept by card id, the
 * others are estimated. Memoised so a change in one column re-renders that column alone.
 */
export const CardList = memo(function CardList({ cards, extras }: CardListProps) {
  const styles = useStyles();
  const scroller = useRef<HTMLDivElement>(null);
  const { keptId, onFocus } = useLastFocusedCard();
  const keptIndex = keptId === null ? -1 : cards.findIndex((card) => card.id === keptId);
  const rangeExtractor = useCallback((range: Range) => withIndex(defaultRangeExtractor(range), keptIndex), [keptIndex]);

  const virtualizer = useVirtualizer({
    count: cards.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ESTIMATED_CARD_HEIGHT,
    getItemKey: (index) => cards[index]!.id,
    gap: CARD_GAP,
    overscan: OVERSCAN_CARDS,
    rangeExtractor,
  });

  return (
    <div ref={scroller} className={styles.scroller} data-testid="column-scroller">
      <ul className={styles.list} style={{ height: virtualizer.getTotalSize() }} onFocus={onFocus}>
        {virtualizer.getVirtualItems().map((item) => {
          const card = cards[item.index]!;
          return (
            <li
              key={item.key}
              ref={virtualizer.measureElement}
              data-index={item.index}
              data-card-id={card.id}
              className={styles.item}
              style={{ transform: `translateY(${item.start}px)` }}
              aria-setsize={cards.length}
              aria-posinset={item.index + 1}
            >
              <TaskCardView card={card} extras={extras} />
            </li>
          );
        })}
      </ul>
    </div>
  );
}, sameCards);

/**
 * The card that last had the keyboard focus in this list: it stays rendered when scrolled away, so it
 * is not unmounted while focused and the task drawer can give the focus back to it when it closes.
 */
function useLastFocusedCard(): { keptId: number | null; onFocus: (event: FocusEvent<HTMLElement>) => void } {
  const [keptId, setKeptId] = useState<number | null>(null);
  const onFocus = useCallback((event: FocusEvent<HTMLElement>) => {
    const id = event.target.closest('[data-card-id]')?.getAttribute('data-card-id');
    if (id) setKeptId(Number(id));
  }, []);
  return { keptId, onFocus };
}

/** The window's indexes with one more in order, if it is a card's index and not already there. */
function withIndex(indexes: number[], extra: number): number[] {
  if (extra < 0 || indexes.includes(extra)) return indexes;
  return [...indexes, extra].sort((a, b) => a - b);
}

function sameCards(before: CardListProps, after: CardListProps): boolean {
  return before.extras === after.extras && before.cards.length === after.cards.length && before.cards.every((card, index) => card === after.cards[index]);
}
