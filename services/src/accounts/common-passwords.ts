import { dictionary } from '@zxcvbn-ts/language-common';
import { fieldLabel } from '@linkledger/contracts';
import { invalid } from '../commands/domain-error.ts';

/**
 * How many of the most used passwords are refused. The list (zxcvbn's, ranked by how often
 * each appeared in leaked password sets) is ordered most common first; the top ten thousand
 * are what guessing tries first.
 */
const MOST_COMMON = 10_000;

const mostCommon = new Set(dictionary['passwords-common'].slice(0, MOST_COMMON));

/** One character over and over ("aaaaaa", "000000"): guessed as soon as any list would be. */
const oneCharacterRepeated = /^(.)\1*$/su;

/** Named as the screen names the field ("New password: …"); the machine name goes in the answer's `field`. */
export const commonPasswordRefused = (field: string) =>
  `${fieldLabel(field)}: This password is one of the most commonly used ones and would be guessed quickly. Please choose a less common password.`;

/**
 * Refuses a new password that guessing would try first (docs/accounts.md#passwords): one of
 * the most common ones, in any letter case, or a single character repeated. `field` is the
 * request's field, as a validation error names it.
 */
export function refuseCommonPassword(field: string, password: string): void {
  if (mostCommon.has(password.toLowerCase()) || oneCharacterRepeated.test(password)) throw invalid(commonPasswordRefused(field), field);
}
