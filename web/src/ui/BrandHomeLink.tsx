import { Link } from 'react-router';
import { LogoMark } from './icons.tsx';

/** The logo and name, leading to the home page (site header and footer, account screens). */
export function BrandHomeLink({ className }: { className?: string }) {
  return (
    <Link className={className ? `brand ${className}` : 'brand'} to="/">
      <LogoMark />
      <span>Linkledger</span>
    </Link>
  );
}
