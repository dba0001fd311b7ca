/**
 * When the description editor's content is worth a save (spec 4 "Task editing"): the cleaned HTML
 * must differ from what the editor started with, and an empty editor ('<p><br></p>') is never saved.
 */
import { isEmptyHtml, sanitizeHtml } from '@negayno/shared/lib';

/** The editor's HTML as the server would store it: sanitised, '&nbsp;' back to spaces, empty as ''. */
export function cleanDescription(html: string): string {
  const clean = sanitizeHtml(html.replace(/&nbsp;/g, ' '));
  return isEmptyHtml(clean) ? '' : clean;
}

/** The cleaned text to save, or null when nothing should be sent. */
export function descriptionToSave(editorHtml: string, baseline: string): string | null {
  const clean = cleanDescription(editorHtml);
  if (clean === '' || clean === cleanDescription(baseline)) return null;
  return clean;
}
