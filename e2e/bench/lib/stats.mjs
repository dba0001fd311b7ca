export function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)];
}

export const median = (values) => percentile(values, 50);

export function summary(values, unit = 'ms') {
  return `median ${median(values).toFixed(1)} ${unit}, p95 ${percentile(values, 95).toFixed(1)} ${unit}, min ${Math.min(...values).toFixed(1)} ${unit} (n=${values.length})`;
}
