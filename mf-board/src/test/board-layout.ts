/**
 * jsdom lays nothing out: every height is 0, so a windowed column would see no viewport and render no
 * card. Gives each column's scroller a viewport and each card a height, as a browser would, for the
 * tests of the file that calls it. Plain getters rather than jest spies: Fluent and tabster read
 * heights often, and a spy would record every read.
 */
export function fakeBoardLayout({ viewport = 600, card = 100 } = {}): void {
  const fakes = [
    fakeHeight(Element.prototype, 'clientHeight', (element) => (element.matches('[data-testid="column-scroller"]') ? viewport : 0)),
    fakeHeight(HTMLElement.prototype, 'offsetHeight', (element) => (element.matches('[data-card-id]') ? card : 0)),
  ];
  beforeEach(() => fakes.forEach((fake) => fake.install()));
  afterEach(() => fakes.forEach((fake) => fake.restore()));
}

function fakeHeight(prototype: Element, property: 'clientHeight' | 'offsetHeight', height: (element: Element) => number) {
  const original = Object.getOwnPropertyDescriptor(prototype, property)!;
  return {
    install: () =>
      Object.defineProperty(prototype, property, {
        configurable: true,
        get(this: Element) {
          return height(this);
        },
      }),
    restore: () => Object.defineProperty(prototype, property, original),
  };
}
