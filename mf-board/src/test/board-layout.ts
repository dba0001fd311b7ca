/**
 * jsdom lays nothing out: every height is 0, so a windowed column would see no viewport and render no
 * card. Gives each column's scroller a viewport and each card a height, as a browser would, for the
 * tests of the file that calls it.
 */
export function fakeBoardLayout({ viewport = 600, card = 100 } = {}): void {
  let restore: Array<() => void> = [];
  beforeEach(() => {
    const clientHeight = jest.spyOn(Element.prototype, 'clientHeight', 'get').mockImplementation(function (this: Element) {
      return this.matches('[data-testid="column-scroller"]') ? viewport : 0;
    });
    const offsetHeight = jest.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockImplementation(function (this: HTMLElement) {
      return this.matches('[data-card-id]') ? card : 0;
    });
    restore = [() => clientHeight.mockRestore(), () => offsetHeight.mockRestore()];
  });
  afterEach(() => restore.forEach((undo) => undo()));
}
