/** The contract's own texts (notifications, the chat's life-cycle lines) name their values as `{name}`. */
export function fillTemplate(template: string, values: Record<string, string>): string {
  // A value that is missing reads as empty rather than as a placeholder.
  return template.replace(/\{(\w+)\}/g, (_match, name: string) => values[name] ?? '');
}
