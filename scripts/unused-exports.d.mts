/** `file:line name` for every exported declaration of the checked packages that no other file names. */
export function unusedExports(files: Map<string, string>): string[];
