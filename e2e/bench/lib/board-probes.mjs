// In-page probes of the board benchmark: they run in Chromium (page.addInitScript / page.evaluate).
/* global window, document, getComputedStyle, requestAnimationFrame -- these functions run in the browser */

/**
 * Installed before the page's own scripts: keeps every long task (> 50 ms on the main thread) from
 * navigation on, so a figure can take those of any window of time.
 */
export function recordLongTasks() {
  window.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__longTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
}

/**
 * After the board's `board:render` measure: when the columns were painted after navigation, how long
 * the answer took to paint, and the longest main-thread task that overlapped that answer → paint window.
 */
export function firstPaintFigures() {
  const measure = performance.getEntriesByName('board:render', 'measure')[0];
  const end = measure.startTime + measure.duration;
  const overlapping = window.__longTasks.filter((task) => task.start < end && task.start + task.duration > measure.startTime);
  return {
    render: measure.duration,
    navigation: end,
    longestTask: Math.max(0, ...overlapping.map((task) => task.duration)),
  };
}

/**
 * Scrolls the longest column to its end a screen at a time, one step per animation frame, until its
 * scroll height stops growing at the bottom. The scroller is the column's own list if it scrolls, else
 * the page: the same probe times the windowed board and the one that appended cards as the page scrolled.
 * Answers the frames over 50 ms, the long tasks, the frames and the time taken.
 */
export async function scrollLongestColumn() {
  const counts = [...document.querySelectorAll('[data-testid="column-count"]')].map((badge) => Number(badge.textContent));
  const column = document.querySelector(`[data-testid="column-${counts.indexOf(Math.max(...counts)) + 1}"]`);
  const scrollable = (element) => /(auto|scroll)/.test(getComputedStyle(element).overflowY) && element.scrollHeight > element.clientHeight;
  let scroller = column.querySelector('[data-testid="task-card"]');
  while (scroller && !scrollable(scroller)) scroller = scroller.parentElement;
  scroller ??= document.scrollingElement;
  const atEnd = () => scroller.scrollTop + scroller.clientHeight >= scroller.scrollHeight - 1;

  const tasksBefore = window.__longTasks.length;
  const started = performance.now();
  const deltas = [];
  let last = started;
  let settledFrames = 0;
  // Two seconds of frames at the end with no growth: the last appended or measured cards are in.
  while (settledFrames < 120 && performance.now() - started < 120_000) {
    await new Promise((resolve) => requestAnimationFrame(resolve));
    const now = performance.now();
    deltas.push(now - last);
    last = now;
    if (atEnd()) settledFrames += 1;
    else {
      settledFrames = 0;
      scroller.scrollTop += scroller.clientHeight;
    }
  }
  return {
    reachedEnd: atEnd(),
    slowFrames: deltas.filter((delta) => delta > 50).length,
    frames: deltas.length,
    longTasks: window.__longTasks.length - tasksBefore,
    longestTask: Math.max(0, ...window.__longTasks.slice(tasksBefore).map((task) => task.duration)),
    seconds: (performance.now() - started) / 1000,
    cardsInDom: column.querySelectorAll('[data-testid="task-card"]').length,
  };
}
