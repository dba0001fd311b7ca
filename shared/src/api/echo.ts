/**
 * The acting tab's own echo (issue 32). A call whose answer the tab applies whole (`appliesAnswer`: a
 * life-cycle step answers its TaskStep) names this tab in `X-Negayno-Origin`; the server marks the task
 * events of that call with it (`origin`), and this tab's listeners skip them instead of reading again
 * what the answer already holds. Other tabs, this person's included, hear them as before.
 */

/** Random per page load (crypto.randomUUID needs a secure context; getRandomValues does not). */
export const TAB_ORIGIN = Array.from(globalThis.crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');

export const ORIGIN_HEADER = 'X-Negayno-Origin';

/** Whether a task event came from a call of this tab, by this user, whose answer was applied (the server prefixes the user). */
export function isOwnEcho(event: { origin?: string }, me: number | null): boolean {
  return me !== null && event.origin === `${me}:${TAB_ORIGIN}`;
}
