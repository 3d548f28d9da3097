// A child AbortController that follows a parent signal until released: the parent's abort, and
// its reason, reach the child; release() stops following once the child's work is done, so a
// long-lived parent (a whole export) does not collect one listener per request. AbortSignal.any
// does the same at a far higher cost per call in Node 20 (profiled for issue 14).

export interface Linked {
  readonly controller: AbortController;
  readonly signal: AbortSignal;
  /** Stops following the parent. */
  release(): void;
}

export function linkedController(parent: AbortSignal | undefined): Linked {
  const controller = new AbortController();
  const forward = (): void => controller.abort(parent?.reason);
  if (parent?.aborted) forward();
  else parent?.addEventListener('abort', forward, { once: true });
  return {
    controller,
    signal: controller.signal,
    release: () => parent?.removeEventListener('abort', forward),
  };
}

/**
 * linkedController for several parents: the first to abort aborts the child, with its reason.
 * For a call under a long-lived signal (a server's shutdown): AbortSignal.any would register
 * each call's signal with it.
 */
export function linkedToAll(parents: readonly AbortSignal[]): Linked {
  const controller = new AbortController();
  const links = parents.map((parent) => {
    const forward = (): void => controller.abort(parent.reason);
    if (parent.aborted) forward();
    else parent.addEventListener('abort', forward, { once: true });
    return { parent, forward };
  });
  return {
    controller,
    signal: controller.signal,
    release: () => {
      for (const { parent, forward } of links) parent.removeEventListener('abort', forward);
    },
  };
}

/** The children following each long-lived signal (linkedUnder): one listener serves them all. */
const followers = new WeakMap<AbortSignal, Set<AbortController>>();

/**
 * A child that follows `own` (a call's own signal: one listener) and `shared` (a server's
 * shutdown), aborting with the first one's reason. `shared` gets one listener for all its
 * children, not one each: Node warns of a leak past 10 listeners on one signal, and an MCP
 * server printed that warning into the client's log when 11 calls ran at once (issue 35).
 */
export function linkedUnder(shared: AbortSignal, own: AbortSignal): Linked {
  const link = linkedController(own);
  if (shared.aborted) {
    link.controller.abort(shared.reason);
    return link;
  }
  let children = followers.get(shared);
  if (children === undefined) {
    const all = new Set<AbortController>();
    const abortAll = (): void => {
      for (const child of all) child.abort(shared.reason);
      all.clear();
    };
    shared.addEventListener('abort', abortAll, { once: true });
    followers.set(shared, all);
    children = all;
  }
  const siblings = children;
  siblings.add(link.controller);
  return {
    controller: link.controller,
    signal: link.signal,
    release: () => {
      link.release();
      siblings.delete(link.controller);
    },
  };
}
