/** The environment a run sees: process.env at the edge, a plain object in tests. */
export type Env = Readonly<Record<string, string | undefined>>;
