// Sizes in messages: whole MiB from 1 MiB up, else KiB (one decimal below 10 KiB).

export function byteSize(bytes: number): string {
  const mib = bytes / 1024 / 1024;
  if (mib >= 1) return `${Math.round(mib)} MiB`;
  const kib = bytes / 1024;
  return `${kib < 10 ? kib.toFixed(1) : Math.round(kib)} KiB`;
}
