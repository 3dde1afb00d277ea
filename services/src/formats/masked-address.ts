/**
 * An address shown without its personal handle: `gaurav.kumar@okhdfc` → `ga****@okhdfc`, and
 * an e-mail address the same way. What follows the `@` stays (people recognise their UPI app
 * or their mail provider) while the handle does not: for display, and for storage where only
 * the masked form is kept (a UPI id, an invited address in the read model).
 */
export function maskAddress(address: string): string {
  const at = address.lastIndexOf('@');
  const handle = at >= 0 ? address.slice(0, at) : address;
  const provider = at >= 0 ? address.slice(at) : '';
  const shown = handle.length > 4 ? handle.slice(0, 2) : '';
  return `${shown}****${provider}`;
}
