// The day the tests' world stands still on: the test sandboxes' today, and the CLI's (through
// HEALTHDATA_TODAY, which every helper that runs it sets), so `--from 3d` reaches the same
// rows whatever the real date. Without it the CLI counted from the real date and the sandboxes
// from this one, and tests with short relative windows failed once the two were days apart.
export const TODAY = '2026-11-22';

/** The environment that puts a run of the CLI on TODAY. */
export const TODAY_ENV = { HEALTHDATA_TODAY: TODAY } as const;
