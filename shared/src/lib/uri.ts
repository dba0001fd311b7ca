/**
 * A percent-encoded piece of an address or a cookie, decoded; one with a `%` that escapes nothing
 * (typed by hand, or another site's cookie) is taken as it is, as a browser's router does.
 */
export function decodedOrAsIs(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
