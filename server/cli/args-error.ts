/** Thrown for command lines we cannot run; the CLI prints it with the usage and exits 2. */
export class UsageError extends Error {}
