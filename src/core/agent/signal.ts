// Whether a run was cancelled: one check for the loop, the model stream and compaction.

/** A function, not `signal?.aborted`, so TypeScript does not keep a narrowing across awaits. */
export function aborted(signal: AbortSignal | undefined): boolean {
  return signal?.aborted === true;
}
