/**
 * A cell a spreadsheet would run as a formula (=, +, -, @, tab, carriage return first) is
 * prefixed with an apostrophe: a link title must never become a command on the reader's
 * machine (OWASP "CSV injection").
 */
export const inertCell = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);
