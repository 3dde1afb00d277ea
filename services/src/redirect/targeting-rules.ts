import type { DeviceClass, TargetingRule } from '@linkledger/contracts';

/** What the user-agent parser tells of a visitor's client. */
type Profile = { browser: string; os: string; device: string };

/** The facts a rule's conditions ask about (visit-facts.ts); each is worked out only when a condition needs it. */
interface RuleFacts {
  now: Date;
  profile(): Profile;
  country(): string;
  languages(): readonly string[];
  param(name: string): string | null;
}

/** Operating systems the user-agent parser names that count as `linux` (Android and Chrome OS do not). */
const LINUX_SYSTEMS = new Set([
  'linux',
  'ubuntu',
  'kubuntu',
  'xubuntu',
  'lubuntu',
  'debian',
  'fedora',
  'arch',
  'mint',
  'linux mint',
  'opensuse',
  'centos',
  'red hat',
  'redhat',
  'gentoo',
  'slackware',
  'manjaro',
  'mandriva',
  'mageia',
  'deepin',
  'elementary os',
  'pclinuxos',
]);

/**
 * Whether a visitor's device is of a class (docs/links.md#targeting-rules): `mobile` is a
 * phone or a tablet, `desktop` neither (nor a console or TV); the others name the system.
 */
export function deviceMatches(device: DeviceClass, profile: Profile): boolean {
  switch (device) {
    case 'ios':
      return profile.os === 'iOS';
    case 'android':
      return profile.os === 'Android';
    case 'mobile':
      return profile.device === 'mobile' || profile.device === 'tablet';
    case 'desktop':
      return profile.device === 'desktop';
    case 'windows':
      return profile.os === 'Windows';
    case 'macos':
      return profile.os === 'macOS';
    case 'linux':
      return LINUX_SYSTEMS.has(profile.os.toLowerCase());
  }
}

/**
 * Whether the visitor's browser is of a family, without regard to case; a family names its
 * mobile build too ("Safari" holds for "Mobile Safari", "Chrome" for "Mobile Chrome").
 */
export function browserMatches(family: string, browser: string): boolean {
  const wanted = family.trim().toLowerCase();
  const name = browser.toLowerCase();
  return name === wanted || (name.startsWith('mobile ') && name.slice('mobile '.length) === wanted);
}

/** Whether any language the visitor accepts has the rule's primary tag ("en" holds for "en-GB"). */
export function languageMatches(language: string, accepted: readonly string[]): boolean {
  const wanted = language.trim().split('-')[0]!.toLowerCase();
  return accepted.includes(wanted);
}

/** Whether every condition of a rule holds for a visit; the cheap ones are checked first. */
export function conditionsHold(conditions: TargetingRule['conditions'], visit: RuleFacts): boolean {
  const { before, after, query, country, language, device, browser } = conditions;
  const now = visit.now.getTime();
  if (before !== undefined && !(now < Date.parse(before))) return false;
  if (after !== undefined && !(now >= Date.parse(after))) return false;
  if (query !== undefined) {
    const value = visit.param(query.param);
    if (value === null || (query.value !== undefined && value !== query.value)) return false;
  }
  if (country !== undefined && visit.country() !== country.trim().toUpperCase()) return false;
  if (language !== undefined && !languageMatches(language, visit.languages())) return false;
  if (device !== undefined && !deviceMatches(device, visit.profile())) return false;
  if (browser !== undefined && !browserMatches(browser, visit.profile().browser)) return false;
  return true;
}

/** The first rule whose conditions all hold, 1-based, or 0 when none does. */
export function matchingRule(rules: readonly TargetingRule[], visit: RuleFacts): number {
  for (let i = 0; i < rules.length; i++) if (conditionsHold(rules[i]!.conditions, visit)) return i + 1;
  return 0;
}
