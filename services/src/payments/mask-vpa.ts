/**
 * Masks a UPI id for display and storage: `gaurav.kumar@okhdfc` → `ga****@okhdfc`. The
 * provider stays (people recognise their app) while the personal handle does not.
 */
export function maskVpa(vpa: string): string {
  const at = vpa.lastIndexOf('@');
  const handle = at >= 0 ? vpa.slice(0, at) : vpa;
  const provider = at >= 0 ? vpa.slice(at) : '';
  const shown = handle.length > 4 ? handle.slice(0, 2) : '';
  return `${shown}****${provider}`;
}
