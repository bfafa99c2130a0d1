// Size units (spec 000 §3, §9): Bytes, KB, MB, … YB in steps of 1024. Pure and browser-safe.

export const SIZE_UNITS = ["Bytes", "KB", "MB", "GB", "TB", "PB", "EB", "ZB", "YB"] as const;

/** "0 Bytes", "1023 Bytes", "1 KB", "1.5 MB", … ; at most `decimals` decimals, trailing zeros dropped. */
export function formatBytes(n: number | null | undefined, decimals = 2): string {
  const bytes = Number(n);
  if (!Number.isFinite(bytes) || bytes <= 0) return "0 Bytes";
  const i = Math.min(SIZE_UNITS.length - 1, Math.max(0, Math.floor(Math.log(bytes) / Math.log(1024))));
  let value = bytes / 1024 ** i;
  let unit = i;
  // 1023.999 KB rounds to "1024 KB": show "1 MB" instead.
  if (Number(value.toFixed(decimals)) >= 1024 && unit < SIZE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const shown = unit === 0 ? Math.round(value) : Number(value.toFixed(Math.max(0, decimals)));
  return `${shown} ${SIZE_UNITS[unit]}`;
}
