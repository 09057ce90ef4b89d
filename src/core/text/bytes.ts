// Byte counts as people read them, in every message that names a size (a capped output, a binary resource,
// the message cap). One rule everywhere: binary multiples, whole numbers without a decimal.

/** `512 B`, `1 KiB`, `12.3 KiB`, `32 MiB`; anything that is not a finite positive count is `0 B`. */
export function formatBytes(n: number): string {
  if (!Number.isFinite(n) || n < 1024) return `${Math.max(0, Math.round(n) || 0)} B`;
  const units = ["KiB", "MiB", "GiB", "TiB"];
  let v = n / 1024;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  const shown = v.toFixed(1);
  return `${shown.endsWith(".0") ? shown.slice(0, -2) : shown} ${units[i] ?? "TiB"}`;
}
